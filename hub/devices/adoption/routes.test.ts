import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AdoptionAnswerSchema,
  adoptionPath,
  capabilitySetPath,
  ListedDevicesAnswerSchema,
  seenPath,
  type ListedDevice,
} from "../../../contract/adoption";
import { AUTH_PATHS } from "../../../contract/auth";
import { DEVICES_PATH } from "../../../contract/devices";
import { loadFixture } from "../../testing/fixtures";
import {
  call,
  connectDevice,
  freePort,
  jsonOf,
  login,
  startTestHub,
  tempDir,
  until,
  type TestHub,
} from "../../testing/harness";

/** A household with one Tasmota switch (its name `lampka2` is taken for adopted switches). */
const HOUSEHOLD = {
  switches: [{ name: "lampka2", label: "Lampka 2", purpose: "light", device: "GD-30W", relay: 2 }],
};

const API = "/api/v2";
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("adoption through the hub's API, on devices a real Zigbee2MQTT gateway announces", () => {
  let hub: TestHub;
  let cookie: string;
  let gateway: MqttClient;
  const sent: string[] = [];

  const listed = async (session = cookie): Promise<ListedDevice[]> => {
    const response = await call(hub, "GET", `${API}${DEVICES_PATH}`, { cookie: session });
    expect(response.status).toBe(200);
    return (await jsonOf(response, ListedDevicesAnswerSchema)).items;
  };
  const one = async (id: string) => (await listed()).find((item) => item.id === id);
  const put = (id: string, body: unknown, session = cookie) =>
    call(hub, "PUT", `${API}${adoptionPath(id)}`, { cookie: session, body });
  const errorOf = async (response: Response) => (await response.json()) as { code: string; message: string };

  beforeAll(async () => {
    const dir = tempDir("devices-adoption-");
    const file = join(dir, "household.json");
    writeFileSync(file, JSON.stringify(HOUSEHOLD));
    hub = await startTestHub({ householdConfigPath: file, mqttPort: await freePort() });
    cookie = await login(hub);
    gateway = await connectDevice(hub, "zigbee2mqtt");
    gateway.on("message", (topic, payload) => sent.push(`${topic} ${payload.toString("utf8")}`));
    await gateway.subscribeAsync("zigbee2mqtt/+/set", { qos: 1 });
    const devices = loadFixture("zigbee2mqtt/bridge_devices.json");
    await gateway.publishAsync(devices.topic, devices.payload, { qos: 1, retain: true });
    await until(() => hub.devices.registry.ofSource("zigbee2mqtt").length === 4);
  });
  afterAll(async () => {
    gateway.end(true);
    await hub.cleanup();
  });

  it("GET /devices lists every device sorted by id, each with when it was first seen, not adopted; the discovered ones not yet looked at, the household file's own known", async () => {
    const before = Date.now();
    const items = await listed();
    const ids = items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(
      expect.arrayContaining([
        "tasmota:GD-30W",
        "zigbee2mqtt:bulb",
        "zigbee2mqtt:weather_sensor",
        "zigbee2mqtt:zigfred_plus",
      ]),
    );
    for (const item of items) {
      // The household file names its Tasmota devices (here the garage's GD-30W): known, so not new.
      expect(item).toMatchObject({ seen: item.source === "tasmota", adoption: null });
      expect(Date.parse(item.firstSeen)).toBeLessThanOrEqual(before);
    }
    // The Device part is the registry's, unchanged.
    const {
      firstSeen: _first,
      seen: _seen,
      adoption: _adoption,
      ...device
    } = items.find((item) => item.id === "zigbee2mqtt:bulb") as ListedDevice;
    expect(device).toEqual(JSON.parse(JSON.stringify(hub.devices.registry.get("zigbee2mqtt:bulb"))));
  });

  it("PUT adoption stores it with its defaults and GET /devices shows it; {} is an adoption too; DELETE removes it", async () => {
    const response = await put("zigbee2mqtt:bulb", {
      label: "  Lampa w salonie ",
      room: "Salon",
      use: { as: "switch", name: "lampa_salon_z" },
    });
    expect(response.status).toBe(200);
    const { item } = await jsonOf(response, AdoptionAnswerSchema);
    const expected = {
      label: "Lampa w salonie",
      room: "Salon",
      show: "home",
      hidden: false,
      use: { as: "switch", name: "lampa_salon_z" },
    };
    // Adopted is known: no longer marked new.
    expect(item).toMatchObject({ id: "zigbee2mqtt:bulb", model: "LED1545G12", adoption: expected, seen: true });
    expect((await one("zigbee2mqtt:bulb"))?.adoption).toEqual(expected);

    expect((await put("zigbee2mqtt:bulb", {})).status).toBe(200);
    expect((await one("zigbee2mqtt:bulb"))?.adoption).toEqual({ show: "home", hidden: false });

    const removed = await call(hub, "DELETE", `${API}${adoptionPath("zigbee2mqtt:bulb")}`, { cookie });
    expect(removed.status).toBe(204);
    expect((await one("zigbee2mqtt:bulb"))?.adoption).toBeNull();
    const again = await call(hub, "DELETE", `${API}${adoptionPath("zigbee2mqtt:nobody")}`, { cookie });
    expect(again.status).toBe(404);
  });

  it("a sensor, a cover as the garage door on its endpoint and a relay endpoint as a switch are possible uses", async () => {
    const sensor = await put("zigbee2mqtt:weather_sensor", {
      use: { as: "sensor", kind: "temp", place: "balcony", property: "temperature" },
    });
    expect(sensor.status).toBe(200);
    expect((await put("zigbee2mqtt:zigfred_plus", { use: { as: "garage", endpoint: "l6" } })).status).toBe(200);
    expect((await put("tasmota:GD-30W", { use: { as: "switch", name: "listwa_l2", endpoint: "l2" } })).status).toBe(
      200,
    );
    for (const id of ["zigbee2mqtt:weather_sensor", "zigbee2mqtt:zigfred_plus", "tasmota:GD-30W"])
      expect((await call(hub, "DELETE", `${API}${adoptionPath(id)}`, { cookie })).status).toBe(204);
  });

  it("refuses what a device cannot be, a bad body and a taken place with 400 naming the field; an unknown device 404", async () => {
    const cases: [string, unknown, string][] = [
      ["zigbee2mqtt:bulb", { show: "roof" }, "show:"],
      ["zigbee2mqtt:bulb", { hidden: "yes" }, "hidden:"],
      ["zigbee2mqtt:bulb", { use: { as: "switch", name: "Big Lamp" } }, "use.name:"],
      ["zigbee2mqtt:bulb", { use: { as: "toaster" } }, "use.as:"],
      [
        "zigbee2mqtt:weather_sensor",
        { use: { as: "switch", name: "pogoda" } },
        "use.as: zigbee2mqtt:weather_sensor has no state",
      ],
      [
        "zigbee2mqtt:weather_sensor",
        { use: { as: "sensor", kind: "temp", place: "x", property: "nope" } },
        "use.property:",
      ],
      ["zigbee2mqtt:bulb", { use: { as: "sensor", kind: "light", place: "x", property: "effect" } }, "use.property:"],
      [
        "zigbee2mqtt:zigfred_plus",
        { use: { as: "gate" } },
        "use.endpoint: the cover of zigbee2mqtt:zigfred_plus is on l6, l7",
      ],
      ["zigbee2mqtt:zigfred_plus", { use: { as: "switch", name: "zigfred" } }, "use.endpoint:"],
      ["zigbee2mqtt:bulb", { use: { as: "heater" } }, "use.as: zigbee2mqtt:bulb has no climate"],
      [
        "zigbee2mqtt:bulb",
        { use: { as: "switch", name: "lampka2" } },
        "use.name: lampka2 is already a switch of the household file",
      ],
    ];
    for (const [id, body, message] of cases) {
      const response = await put(id, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(await errorOf(response)).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining(message) });
    }
    expect((await one("zigbee2mqtt:bulb"))?.adoption).toBeNull();

    expect((await put("zigbee2mqtt:bulb", { use: { as: "switch", name: "lampa" } })).status).toBe(200);
    const twice = await put("zigbee2mqtt:zigfred_plus", { use: { as: "switch", name: "lampa", endpoint: "l1" } });
    expect(twice.status).toBe(400);
    expect((await errorOf(twice)).message).toBe("use.name: zigbee2mqtt:bulb is already the switch lampa");
    expect((await put("zigbee2mqtt:bulb", { use: { as: "switch", name: "lampa" }, label: "Lampa" })).status).toBe(200);

    const unknown = await put("zigbee2mqtt:nobody", {});
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toMatchObject({ code: "NOT_FOUND" });
  });

  it("POST seen marks a device looked at, once; an unknown one is 404", async () => {
    const path = `${API}${seenPath("zigbee2mqtt:weather_sensor")}`;
    expect((await call(hub, "POST", path, { cookie })).status).toBe(204);
    expect((await call(hub, "POST", path, { cookie })).status).toBe(204);
    expect((await one("zigbee2mqtt:weather_sensor"))?.seen).toBe(true);
    expect((await one("zigbee2mqtt:bulb_color_2"))?.seen).toBe(false);
    expect((await call(hub, "POST", `${API}${seenPath("zigbee2mqtt:nobody")}`, { cookie })).status).toBe(404);
  });

  it("POST set puts the capability's /set on the broker and answers 202 with it; bad ones are refused, nothing sent", async () => {
    sent.length = 0;
    const response = await call(hub, "POST", `${API}${capabilitySetPath("zigbee2mqtt:zigfred_plus")}`, {
      cookie,
      body: { property: "state", endpoint: "l2", value: "ON" },
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      item: { topic: "zigbee2mqtt/zigfred_plus/set", payload: '{"state_l2":"ON"}' },
    });
    await until(() => sent.length > 0);
    expect(sent).toEqual(['zigbee2mqtt/zigfred_plus/set {"state_l2":"ON"}']);

    sent.length = 0;
    const refused: [string, unknown, number, string][] = [
      ["zigbee2mqtt:bulb", { property: "nope", value: 1 }, 400, "BAD_REQUEST"],
      ["zigbee2mqtt:bulb", { property: "brightness", value: 9999 }, 400, "BAD_REQUEST"],
      ["zigbee2mqtt:bulb", { value: 1 }, 400, "BAD_REQUEST"],
      ["zigbee2mqtt:weather_sensor", { property: "temperature", value: 20 }, 409, "NOT_SUPPORTED"],
      ["zigbee2mqtt:nobody", { property: "state", value: "ON" }, 404, "NOT_FOUND"],
    ];
    for (const [id, body, status, code] of refused) {
      const answer = await call(hub, "POST", `${API}${capabilitySetPath(id)}`, { cookie, body });
      expect({ id, body, status: answer.status, code: (await errorOf(answer)).code }).toEqual({
        id,
        body,
        status,
        code,
      });
    }
    await settle();
    expect(sent).toEqual([]);
  });

  it("POST set to an offline device is 409 DEVICE_UNREACHABLE and nothing reaches the broker", async () => {
    const offline = loadFixture("zigbee2mqtt/availability_json_offline.json");
    await gateway.publishAsync("zigbee2mqtt/bulb_color_2/availability", offline.payload, { qos: 1, retain: true });
    await until(() => hub.devices.registry.get("zigbee2mqtt:bulb_color_2")?.availability === "offline");
    sent.length = 0;
    const response = await call(hub, "POST", `${API}${capabilitySetPath("zigbee2mqtt:bulb_color_2")}`, {
      cookie,
      body: { property: "state", value: "ON" },
    });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({ code: "DEVICE_UNREACHABLE" });
    await settle();
    expect(sent).toEqual([]);
  });

  it("a locked session can neither adopt, mark seen, set nor list: 403 AUTH_SESSION_LOCKED, nothing changed or sent", async () => {
    const other = await login(hub, "demo", "demo", "locked");
    expect((await call(hub, "POST", `/api/auth/v1${AUTH_PATHS.lock}`, { cookie: other, body: {} })).status).toBe(200);
    sent.length = 0;
    const calls: [string, string, unknown][] = [
      ["PUT", adoptionPath("zigbee2mqtt:bulb_color_2"), { label: "X" }],
      ["DELETE", adoptionPath("zigbee2mqtt:bulb"), undefined],
      ["POST", seenPath("zigbee2mqtt:bulb_color_2"), undefined],
      ["POST", capabilitySetPath("zigbee2mqtt:bulb"), { property: "state", value: "ON" }],
      ["GET", DEVICES_PATH, undefined],
    ];
    for (const [method, path, body] of calls) {
      const response = await call(hub, method, `${API}${path}`, { cookie: other, body });
      expect({ method, path, status: response.status, code: (await errorOf(response)).code }).toEqual({
        method,
        path,
        status: 403,
        code: "AUTH_SESSION_LOCKED",
      });
    }
    await settle();
    expect(sent).toEqual([]);
    const items = await listed();
    expect(items.find((item) => item.id === "zigbee2mqtt:bulb_color_2")).toMatchObject({ seen: false, adoption: null });
    expect(items.find((item) => item.id === "zigbee2mqtt:bulb")?.adoption).not.toBeNull();
  });
});
