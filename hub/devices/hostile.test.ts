import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPABILITY_LIMITS, DEVICES_PATH, DevicesAnswerSchema } from "../../contract/devices";
import { loadFixture } from "../testing/fixtures";
import { call, connectDevice, freePort, jsonOf, login, startTestHub, until, type TestHub } from "../testing/harness";
import { MAX_SENSOR_FIELDS } from "./tasmota-describe";
import { MAX_EXPOSES } from "./zigbee2mqtt";

/** A real light expose (the IKEA bulb's), to build oversized definitions from. */
const entries = loadFixture("zigbee2mqtt/bridge_devices.json").json as {
  friendly_name: string;
  definition: { exposes: unknown[] } | null;
}[];
const bulb = entries.find((entry) => entry.friendly_name === "bulb");
const lightExpose = bulb?.definition?.exposes[0];
const smallExpose = { type: "numeric", name: "n", property: "n", access: 1 };
const device = (friendly_name: unknown, definition: unknown, extra: object = {}) => ({
  friendly_name,
  type: "Router",
  supported: true,
  definition,
  ...extra,
});

describe("hostile device input never crashes the registry and is reported", () => {
  let hub: TestHub;
  let cookie: string;
  let gateway: MqttClient;
  let tasmota: MqttClient;

  const listed = async () => {
    const response = await call(hub, "GET", `/api/v2${DEVICES_PATH}`, { cookie });
    expect(response.status).toBe(200);
    return (await jsonOf(response, DevicesAnswerSchema)).items;
  };
  /** The Zigbee2MQTT devices listed (the demo household's Tasmota devices are listed too). */
  const zigbee = async () => (await listed()).filter((item) => item.source === "zigbee2mqtt");

  beforeAll(async () => {
    hub = await startTestHub({ mqttPort: await freePort() });
    cookie = await login(hub);
    gateway = await connectDevice(hub, "zigbee2mqtt");
    tasmota = await connectDevice(hub, "flood");
    const real = loadFixture("zigbee2mqtt/bridge_devices.json");
    await gateway.publishAsync(real.topic, real.payload, { qos: 1 });
    await until(() => hub.devices.registry.ofSource("zigbee2mqtt").length === 4);
  });
  afterAll(async () => {
    gateway.end(true);
    tasmota.end(true);
    await hub.cleanup();
  });

  it("a bridge/devices nested 30,000 deep (under the broker's 64 KiB payload cap), or not a list, is refused whole: the devices known stay", async () => {
    const before = hub.devices.registry.stats.refused;
    const deep = `[${"[".repeat(30_000)}${"]".repeat(30_000)}]`;
    await gateway.publishAsync("zigbee2mqtt/bridge/devices", deep, { qos: 1 });
    await gateway.publishAsync("zigbee2mqtt/bridge/devices", '{"friendly_name":"x"}', { qos: 1 });
    await until(() => hub.devices.registry.stats.refused >= before + 2);
    expect((await zigbee()).map((item) => item.name)).toEqual([
      "bulb",
      "bulb_color_2",
      "weather_sensor",
      "zigfred_plus",
    ]);
  });

  it("huge exposes, deep exposes, bad names and outside-vocabulary exposes: kept out or kept without them, each reported", async () => {
    const before = hub.devices.registry.stats.refused;
    const nested = (depth: number): unknown =>
      depth === 0
        ? { type: "numeric", name: "n", property: "n", access: 1 }
        : { type: "composite", name: "c", property: "c", access: 7, features: [nested(depth - 1)] };
    const payload = [
      device("many", { model: "M", vendor: "V", exposes: Array.from({ length: MAX_EXPOSES + 1 }, () => smallExpose) }),
      device("deep", { model: "D", vendor: "V", exposes: [nested(8), lightExpose] }),
      device("listy", {
        model: "L",
        vendor: "V",
        exposes: [{ type: "list", name: "schedule", property: "schedule", access: 3, item_type: {} }, lightExpose],
      }),
      device("unsupported", { model: "U", vendor: "V", exposes: [lightExpose] }, { supported: false }),
      device("nodefinition", null),
      device("malformed", "not an object"),
      device("__proto__", { exposes: [lightExpose] }),
      device("a/b", { exposes: [lightExpose] }),
      device("x".repeat(300), { exposes: [lightExpose] }),
      device(42, { exposes: [] }),
      "not a device",
      { ...device("bigtext", { model: "x".repeat(10_000), exposes: [lightExpose] }) },
    ];
    await gateway.publishAsync("zigbee2mqtt/bridge/devices", JSON.stringify(payload), { qos: 1 });
    await until(() => hub.devices.registry.get("zigbee2mqtt:many") !== undefined);
    const byName = new Map((await zigbee()).map((item) => [item.name, item]));
    expect([...byName.keys()].sort()).toEqual([
      "bigtext",
      "deep",
      "listy",
      "malformed",
      "many",
      "nodefinition",
      "unsupported",
    ]);
    expect(byName.get("many")).toMatchObject({ model: "M", vendor: "V", capabilities: [] });
    expect(byName.get("deep")?.capabilities).toEqual([lightExpose]);
    expect(byName.get("listy")?.capabilities).toEqual([lightExpose]);
    expect(byName.get("unsupported")).toMatchObject({ model: "U", capabilities: [] });
    expect(byName.get("nodefinition")).toMatchObject({ model: null, vendor: null, capabilities: [] });
    expect(byName.get("malformed")?.capabilities).toEqual([]);
    expect(byName.get("bigtext")).toMatchObject({ model: null, capabilities: [] });
    // the devices of the earlier list that this one no longer names are gone
    expect(byName.has("bulb")).toBe(false);
    const reports = hub.devices.registry.reports().join("\n");
    expect(reports).toContain(`many: ${MAX_EXPOSES + 1} exposes, more than ${MAX_EXPOSES}`);
    expect(reports).toContain("deep: expose 0 nests deeper than 10");
    expect(reports).toContain("listy: expose 0 is outside the exposes vocabulary");
    expect(reports).toContain('zigbee2mqtt device name "__proto__" is not a safe topic segment');
    expect(reports).toContain('zigbee2mqtt device name "a/b" is not a safe topic segment');
    expect(reports).toContain("bigtext: definition is malformed");
    expect(hub.devices.registry.stats.refused).toBeGreaterThanOrEqual(before + 10);
  });

  it(`a Tasmota SENSOR of 2,000 fields is described by its first ${MAX_SENSOR_FIELDS}; a bad LWT is reported`, async () => {
    const fields = Object.fromEntries(Array.from({ length: 2000 }, (_, n) => [`S${n}`, { Temperature: n }]));
    await tasmota.publishAsync("tele/flood/SENSOR", JSON.stringify({ Time: "2026-11-27T06:00:00", ...fields }), {
      qos: 1,
    });
    await tasmota.publishAsync("tele/flood/LWT", "Maybe", { qos: 1 });
    await until(() => (hub.devices.registry.get("tasmota:flood")?.capabilities.length ?? 0) > 0);
    await until(() => hub.devices.registry.reports().some((reason) => reason.startsWith("LWT of flood")));
    const flood = (await listed()).find((item) => item.id === "tasmota:flood");
    expect(flood?.capabilities).toHaveLength(MAX_SENSOR_FIELDS);
    expect(flood?.availability).toBe("unknown");
    expect(flood?.capabilities.length).toBeLessThanOrEqual(CAPABILITY_LIMITS.perDevice);
  });
});
