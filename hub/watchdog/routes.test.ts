import * as v from "valibot";
import type { MqttClient } from "mqtt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SensorsNotifyAnswerSchema, WatchdogAlertSchema } from "../../contract/settingValues";
import { loadFixture } from "../testing/fixtures";
import {
  call,
  connectBrowser,
  connectDevice,
  freePort,
  jsonOf,
  login,
  nextMessage,
  startTestHub,
  type TestHub,
} from "../testing/harness";

let hub: TestHub;
let clients: MqttClient[] = [];
beforeEach(async () => {
  hub = await startTestHub({ mqttPort: await freePort(), logLevel: process.env.DEBUG_HUB ? "debug" : "silent" });
});
afterEach(async () => {
  for (const client of clients) client.end(true);
  clients = [];
  await hub.cleanup();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

/** The first message on `topic` whose JSON payload satisfies `accept` (retained copies of older states are skipped). */
async function messageWhere(client: MqttClient, topic: string, accept: (json: unknown) => boolean): Promise<unknown> {
  return new Promise((resolve) => {
    const onMessage = (got: string, payload: Buffer) => {
      if (got !== topic || payload.length === 0) return;
      const json: unknown = JSON.parse(payload.toString());
      if (!accept(json)) return;
      client.off("message", onMessage);
      resolve(json);
    };
    client.on("message", onMessage);
  });
}

describe("watchdogs and the garage light (settings the hub acts on)", () => {
  it("a Tasmota reading above a tempWatchdog limit raises alert/temp/<id>; a higher limit clears it; notify answers the active ones", async () => {
    const cookie = await login(hub);
    const patch = (value: unknown) =>
      call(hub, "PATCH", "/api/auth/v1/settings", { cookie, body: { key: "tempWatchdog", value } });
    expect((await patch([{ id: "balkon", sensor: "balcony", max: 20 }])).status).toBe(200);
    const device = await connectDevice(hub, "balkon");
    const browser = await connectBrowser(hub, cookie);
    clients.push(device, browser);

    const raised = nextMessage(browser, "alert/temp/balkon-max");
    await settle();
    const fixture = loadFixture("tasmota/sensor_bme280.json", "balkon"); // 21.7 °C
    await device.publishAsync(fixture.topic, fixture.payload);
    const alert = v.parse(WatchdogAlertSchema, JSON.parse((await raised).payload));
    expect(alert).toMatchObject({ active: true, bound: "max", kind: "temp", place: "balcony", value: 21.7, limit: 20 });

    const notified = await jsonOf(
      await call(hub, "POST", "/api/v2/config/sensors/notify", { cookie, body: {} }),
      SensorsNotifyAnswerSchema,
    );
    expect(notified.item.active).toContain("temp/balkon-max");

    const cleared = messageWhere(
      browser,
      "alert/temp/balkon-max",
      (json) => v.parse(WatchdogAlertSchema, json).limit === 25,
    );
    expect((await patch([{ id: "balkon", sensor: "balcony", max: 25 }])).status).toBe(200);
    expect(await cleared).toMatchObject({ active: false, limit: 25, value: 21.7 });
    const after = await jsonOf(
      await call(hub, "POST", "/api/v2/config/sensors/notify", { cookie, body: {} }),
      SensorsNotifyAnswerSchema,
    );
    expect(after.item.active).not.toContain("temp/balkon-max");
    expect((await call(hub, "POST", "/api/v2/config/sensors/notify", { cookie, body: { x: 1 } })).status).toBe(400);
  });

  it("when the garage door starts opening the hub turns the garageLight switch on with cmnd/<t>/POWER<n>", async () => {
    const cookie = await login(hub);
    expect(
      (await call(hub, "PATCH", "/api/auth/v1/settings", { cookie, body: { key: "garageLight", value: "listwa/2" } }))
        .status,
    ).toBe(200);
    const lamp = await connectDevice(hub, "listwa");
    const door = await connectDevice(hub, "garaz");
    clients.push(lamp, door);
    await lamp.subscribeAsync("cmnd/listwa/#");
    const command = new Promise<{ topic: string; payload: string }>((resolve) =>
      lamp.on("message", (topic, payload) => resolve({ topic, payload: payload.toString() })),
    );
    const opening = loadFixture("tasmota/result_shutter_moving.json", "garaz"); // Direction 1: opening
    await door.publishAsync("tele/garaz/RESULT", opening.payload); // the fixture's device was rollo-test
    expect(await command).toEqual({ topic: "cmnd/listwa/POWER2", payload: "ON" });
  });
});
