import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DoorStatePayloadSchema, GarageCommandAnswerSchema } from "../../contract/garage";
import { ErrorBodySchema } from "../../contract/envelope";
import * as v from "valibot";
import {
  call,
  connectBrowser,
  connectDevice,
  freePort,
  jsonOf,
  login,
  nextMessage,
  startTestHub,
  tempDir,
  until,
  type TestHub,
} from "../testing/harness";
import { loadFixture } from "../testing/fixtures";

let hub: TestHub;
let device: MqttClient | undefined;
let browser: MqttClient | undefined;
beforeEach(async () => {
  hub = await startTestHub({ mqttPort: await freePort() });
});
afterEach(async () => {
  device?.end(true);
  browser?.end(true);
  device = browser = undefined;
  await hub.cleanup();
});

/** The Tasmota device `topic` logged in and subscribed to its commands; collects what it receives. */
async function tasmotaDevice(topic: string) {
  const client = await connectDevice(hub, topic);
  const received: { topic: string; payload: string; retain: boolean; qos: number }[] = [];
  client.on("message", (t, payload, packet) =>
    received.push({ topic: t, payload: payload.toString(), retain: packet.retain, qos: packet.qos }),
  );
  await client.subscribeAsync(`cmnd/${topic}/#`, { qos: 1 });
  device = client;
  return received;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("garage base /api/garage/v1", () => {
  it("each action reaches the door's Tasmota shutter as its real command, QoS 1, not retained", async () => {
    const cookie = await login(hub);
    const garaz = await tasmotaDevice("garaz");
    const brama = await connectDevice(hub, "brama");
    const gate: string[] = [];
    brama.on("message", (t, p) => gate.push(`${t} ${p.toString()}`));
    await brama.subscribeAsync("cmnd/brama/#", { qos: 1 });
    for (const action of ["open", "close", "toggle", "stop"]) {
      const response = await call(hub, "POST", `/api/garage/v1/garage/${action}`, { cookie });
      expect(response.status, action).toBe(200);
      expect((await jsonOf(response, GarageCommandAnswerSchema)).item).toMatchObject({
        door: "garage",
        command: action,
      });
    }
    await call(hub, "POST", "/api/garage/v1/gate/open", { cookie });
    await settle();
    expect(garaz).toEqual(
      ["ShutterOpen1", "ShutterClose1", "ShutterToggle1", "ShutterStop1"].map((command) => ({
        topic: `cmnd/garaz/${command}`,
        payload: "",
        retain: false,
        qos: 1,
      })),
    );
    expect(gate).toEqual(["cmnd/brama/ShutterOpen1 "]);
    brama.end(true);
  });

  it("constantStop true stops and locks the shutter, false unlocks it", async () => {
    const cookie = await login(hub);
    const garaz = await tasmotaDevice("garaz");
    expect(
      (await call(hub, "POST", "/api/garage/v1/garage/constantStop", { cookie, body: { value: true } })).status,
    ).toBe(200);
    expect(
      (await call(hub, "POST", "/api/garage/v1/garage/constantStop", { cookie, body: { value: false } })).status,
    ).toBe(200);
    await settle();
    expect(garaz.map((m) => `${m.topic} ${m.payload}`)).toEqual([
      "cmnd/garaz/ShutterStop1 ",
      "cmnd/garaz/ShutterLock1 1",
      "cmnd/garaz/ShutterLock1 0",
    ]);
  });

  it("a shutter whose device is offline (LWT) refuses every command with 409 DEVICE_UNREACHABLE; nothing reaches it", async () => {
    const cookie = await login(hub);
    const garaz = await tasmotaDevice("garaz");
    const offline = loadFixture("tasmota/lwt_offline.json");
    await device?.publishAsync("tele/garaz/LWT", offline.payload, { qos: 1 });
    await until(() => hub.devices.registry.get("tasmota:garaz")?.availability === "offline");
    const requests: [string, { value: boolean }?][] = [
      ["open"],
      ["close"],
      ["toggle"],
      ["stop"],
      ["constantStop", { value: true }],
      ["constantStop", { value: false }],
    ];
    for (const [command, body] of requests) {
      const response = await call(hub, "POST", `/api/garage/v1/garage/${command}`, {
        cookie,
        ...(body ? { body } : {}),
      });
      expect(response.status, command).toBe(409);
      expect(await jsonOf(response, ErrorBodySchema), command).toMatchObject({
        code: "DEVICE_UNREACHABLE",
        message: "the device garaz is offline: nothing was sent",
      });
    }
    const online = loadFixture("tasmota/lwt_online.json");
    await device?.publishAsync("tele/garaz/LWT", online.payload, { qos: 1 });
    await until(() => hub.devices.registry.get("tasmota:garaz")?.availability === "online");
    expect((await call(hub, "POST", "/api/garage/v1/garage/open", { cookie })).status).toBe(200);
    await until(() => garaz.length > 0);
    await settle();
    expect(garaz.map((m) => `${m.topic} ${m.payload}`)).toEqual(["cmnd/garaz/ShutterOpen1 "]);
  });

  it("a bad constantStop body is 400 naming the field and publishes nothing", async () => {
    const cookie = await login(hub);
    const garaz = await tasmotaDevice("garaz");
    for (const body of [{}, { value: "yes" }, { value: 1 }, { value: true, extra: 1 }]) {
      const response = await call(hub, "POST", "/api/garage/v1/garage/constantStop", { cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = await jsonOf(response, ErrorBodySchema);
      expect(error.code).toBe("BAD_REQUEST");
      if ("value" in body && Object.keys(body).length === 1) expect(error.message).toContain("value");
    }
    await settle();
    expect(garaz).toEqual([]);
  });

  it("an unknown door is 404; no session is 401; nothing is published", async () => {
    const cookie = await login(hub);
    const garaz = await tasmotaDevice("garaz");
    expect((await call(hub, "POST", "/api/garage/v1/shed/open", { cookie })).status).toBe(404);
    expect((await call(hub, "POST", "/api/garage/v1/garage/explode", { cookie })).status).toBe(404);
    expect((await call(hub, "POST", "/api/garage/v1/garage/open")).status).toBe(401);
    expect((await call(hub, "POST", "/api/garage/v1/shed/open")).status).toBe(401);
    await settle();
    expect(garaz).toEqual([]);
  });

  it("a door the household does not have is 404 NOT_FOUND", async () => {
    await hub.cleanup();
    const dir = tempDir();
    const file = join(dir, "household.json");
    writeFileSync(
      file,
      JSON.stringify({ garage: [{ door: "garage", label: "Garaż", room: "Garaż", device: "garaz" }] }),
    );
    hub = await startTestHub({ householdConfigPath: file });
    const cookie = await login(hub);
    const response = await call(hub, "POST", "/api/garage/v1/gate/open", { cookie });
    expect(response.status).toBe(404);
    expect((await jsonOf(response, ErrorBodySchema)).code).toBe("NOT_FOUND");
    expect((await call(hub, "POST", "/api/garage/v1/garage/stop", { cookie })).status).toBe(200);
  });

  it("the device's real shutter report reaches the dashboard as garage/<door>/state", async () => {
    const cookie = await login(hub);
    device = await connectDevice(hub, "garaz");
    browser = await connectBrowser(hub, cookie);
    const fixture = loadFixture("tasmota/result_shutter_at_rest.json", "garaz");
    const seen = nextMessage(browser, "garage/garage/state");
    await new Promise((resolve) => setTimeout(resolve, 100));
    await device.publishAsync(fixture.topic, fixture.payload);
    const message = await seen;
    expect(v.parse(DoorStatePayloadSchema, JSON.parse(message.payload))).toMatchObject({
      state: "open",
      position: 100,
      constantStop: false,
    });
  });
});
