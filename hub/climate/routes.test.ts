import type { MqttClient } from "mqtt";
import * as v from "valibot";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  AcCommandAnswerSchema,
  AcStatePayloadSchema,
  HeaterConfigAnswerSchema,
  HeaterStatePayloadSchema,
  type AcStatePayload,
  type HeaterStatePayload,
} from "../../contract/climate";
import { DevicesAnswerSchema } from "../../contract/devices";
import { ErrorBodySchema } from "../../contract/envelope";
import { tasmotaSwitch } from "../simulator/devices";
import { tasmotaHvacBlaster } from "../simulator/climate";
import { loadFixture } from "../testing/fixtures";
import {
  call,
  connectBrowser,
  connectDevice,
  freePort,
  jsonOf,
  login,
  startTestHub,
  tempDir,
  type TestHub,
} from "../testing/harness";

let hub: TestHub;
const clients: MqttClient[] = [];
beforeEach(async () => {
  hub = await startTestHub({ mqttPort: await freePort() });
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.end(true);
  await hub.cleanup();
});

type Received = { topic: string; payload: string; retain: boolean; qos: number };

/** Tasmota device `name` answering its commands with the simulator's model (`model`), collecting them. */
async function device(
  name: string,
  model: ReturnType<typeof tasmotaSwitch>,
  answering = true,
): Promise<{ client: MqttClient; received: Received[] }> {
  const client = await connectDevice(hub, name);
  clients.push(client);
  const received: Received[] = [];
  client.on("message", (topic, payload, packet) => {
    received.push({ topic, payload: payload.toString(), retain: packet.retain, qos: packet.qos });
    if (answering && model.command)
      for (const m of model.command(topic, payload.toString(), new Date()))
        client.publish(m.topic, m.payload, { qos: 1, retain: m.retain });
  });
  await client.subscribeAsync(`cmnd/${name}/#`, { qos: 1 });
  for (const m of model.tick(new Date())) await client.publishAsync(m.topic, m.payload, { qos: 1, retain: m.retain });
  return { client, received };
}

/** The dashboard's live view of `topic`: the last payload, parsed with `schema`. */
async function live<T>(topic: string, schema: v.GenericSchema<unknown, T>): Promise<() => T | undefined> {
  const browser = await connectBrowser(hub);
  clients.push(browser);
  let last: T | undefined;
  browser.on("message", (t, payload) => {
    if (t === topic) last = v.parse(schema, JSON.parse(payload.toString()));
  });
  await browser.subscribeAsync(topic);
  return () => last;
}

const until = async (check: () => boolean, ms = 4000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe("heater on the general base", () => {
  it("mode on / off switch the household's heater relay through Tasmota POWER; the relay's answer shows in heater/state", async () => {
    const cookie = await login(hub);
    const relay = await device(
      "grzejnik",
      tasmotaSwitch("grzejnik", 1, () => 0.9),
    );
    const state = await live<HeaterStatePayload>("heater/state", HeaterStatePayloadSchema);
    await until(() => state()?.relay === "OFF");
    expect(state()).toMatchObject({
      label: "Ogrzewanie",
      room: "Salon",
      device: "grzejnik",
      mode: "off",
      temperature: 21,
      sensor: "salon-temp",
      sensorLabel: "Salon",
    });

    const on = await call(hub, "POST", "/api/v2/heater/config/on", { cookie });
    expect((await jsonOf(on, HeaterConfigAnswerSchema)).item).toEqual({
      mode: "on",
      temperature: 21,
      sensor: "salon-temp",
    });
    await until(() => state()?.relay === "ON");
    expect(relay.received).toEqual([{ topic: "cmnd/grzejnik/POWER", payload: "ON", retain: false, qos: 1 }]);
    expect(state()?.since).not.toBeNull();

    await call(hub, "POST", "/api/v1/heater/config/off", { cookie });
    await until(() => state()?.relay === "OFF" && state()?.mode === "off");
  });

  it("auto follows the chosen sensor's temperature with hysteresis; the config survives a restart", async () => {
    const cookie = await login(hub);
    const relay = await device(
      "grzejnik",
      tasmotaSwitch("grzejnik", 1, () => 0.9),
    );
    const balkon = await connectDevice(hub, "balkon");
    clients.push(balkon);
    const state = await live<HeaterStatePayload>("heater/state", HeaterStatePayloadSchema);
    const patched = await call(hub, "PATCH", "/api/v2/heater/config", {
      cookie,
      body: { sensor: "balkon-temp", temperature: 22.5 },
    });
    expect((await jsonOf(patched, HeaterConfigAnswerSchema)).item).toEqual({
      mode: "off",
      temperature: 22.5,
      sensor: "balkon-temp",
    });
    await call(hub, "POST", "/api/v2/heater/config/auto", { cookie });
    await until(() => state()?.mode === "auto" && state()?.relay === "OFF"); // no reading yet: off

    const reading = loadFixture("tasmota/sensor_bme280.json", "balkon"); // 21.7 °C <= 22.5 - 0.3
    await balkon.publishAsync(reading.topic, reading.payload, { qos: 1 });
    await until(() => state()?.relay === "ON");
    expect(state()).toMatchObject({ current: 21.7, sensorLabel: "Balkon" });
    const warm = (t: number) =>
      balkon.publishAsync(
        "tele/balkon/SENSOR",
        JSON.stringify({
          Time: "2026-01-01T12:00:00",
          BME280: { Temperature: t, Humidity: 50, Pressure: 1000 },
          TempUnit: "C",
        }),
        { qos: 1 },
      );
    await warm(22.7); // within the band: stays on
    await until(() => state()?.current === 22.7);
    expect(state()?.relay).toBe("ON");
    await warm(22.8);
    await until(() => state()?.relay === "OFF");
    expect(relay.received.map((m) => m.payload)).toEqual(["ON", "OFF"]);

    await hub.close();
    const again = await startTestHub({ dataDir: hub.dataDir, mqttPort: await freePort() });
    try {
      const answer = await call(again, "GET", "/api/v2/heater/config", { cookie: await login(again) });
      expect((await jsonOf(answer, HeaterConfigAnswerSchema)).item).toEqual({
        mode: "auto",
        temperature: 22.5,
        sensor: "balkon-temp",
      });
    } finally {
      await again.close();
    }
  });

  it("a bad mode, temperature or sensor is 400 naming the field and changes nothing; no session is 401", async () => {
    const cookie = await login(hub);
    const bad = async (method: string, path: string, body: unknown, field: string) => {
      const response = await call(hub, method, path, { cookie, body });
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      const error = await jsonOf(response, ErrorBodySchema);
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toMatch(new RegExp(`^${field}`));
    };
    await bad("POST", "/api/v2/heater/config/turbo", undefined, "mode");
    await bad("PATCH", "/api/v2/heater/config", { temperature: 35 }, "temperature");
    await bad("PATCH", "/api/v2/heater/config", { temperature: 21.2 }, "temperature");
    await bad("PATCH", "/api/v2/heater/config", { sensor: "balkon-humid" }, "sensor");
    await bad("PATCH", "/api/v2/heater/config", { sensor: "nope" }, "sensor");
    await bad("PATCH", "/api/v2/heater/config", {}, "body");
    const answer = await call(hub, "GET", "/api/v2/heater/config", { cookie });
    expect((await jsonOf(answer, HeaterConfigAnswerSchema)).item).toEqual({
      mode: "off",
      temperature: 21,
      sensor: "salon-temp",
    });
    expect((await call(hub, "POST", "/api/v2/heater/config/on")).status).toBe(401);
  });

  it("a household without a heater answers 404", async () => {
    const dir = tempDir();
    const { writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    writeFileSync(join(dir, "household.json"), JSON.stringify({ sensors: [] }));
    const bare = await startTestHub({ dataDir: dir, demo: true, householdConfigPath: join(dir, "household.json") });
    try {
      const cookie = await login(bare);
      expect((await call(bare, "GET", "/api/v2/heater/config", { cookie })).status).toBe(404);
      expect((await call(bare, "POST", "/api/v2/heater/config/on", { cookie })).status).toBe(404);
      expect((await call(bare, "POST", "/api/v2/ac/salon", { cookie, body: { mode: "Cool" } })).status).toBe(404);
    } finally {
      await bare.cleanup();
    }
  });
});

describe("air conditioning on the general base", () => {
  it("mode and temperature go out as IRHVAC built from the last state; the blaster's RESULT becomes ac/<id>", async () => {
    const cookie = await login(hub);
    const blaster = await device("klima_salon", tasmotaHvacBlaster("klima_salon"));
    const state = await live<AcStatePayload>("ac/salon", AcStatePayloadSchema);
    await until(() => state() !== undefined);
    expect(state()).toMatchObject({
      label: "Klimatyzacja",
      room: "Salon",
      device: "klima_salon",
      vendor: "COOLIX",
      mode: null,
      targetTemperature: null,
    });

    const cool = await call(hub, "POST", "/api/v2/ac/salon", { cookie, body: { mode: "Cool" } });
    expect((await jsonOf(cool, AcCommandAnswerSchema)).item).toMatchObject({
      id: "salon",
      command: "IRHVAC",
      irhvac: { Vendor: "COOLIX", Power: "On", Mode: "Cool", Temp: 22 },
    });
    await until(() => state()?.mode === "Cool");
    expect(state()).toMatchObject({ power: "On", targetTemperature: 22, fanSpeed: "Auto" });

    await call(hub, "POST", "/api/v2/ac/salon", { cookie, body: { targetTemperature: 24.5 } });
    await until(() => state()?.targetTemperature === 24.5);
    expect(state()?.mode).toBe("Cool");
    await call(hub, "POST", "/api/v2/ac/salon", { cookie, body: { mode: "Off" } });
    await until(() => state()?.mode === "Off");
    expect(state()).toMatchObject({ power: "Off", targetTemperature: 24.5 });

    expect(blaster.received.map((m) => [m.topic, JSON.parse(m.payload), m.retain, m.qos])).toEqual([
      [
        "cmnd/klima_salon/IRHVAC",
        { Vendor: "COOLIX", Power: "On", Mode: "Cool", FanSpeed: "Auto", Celsius: "On", Temp: 22 },
        false,
        1,
      ],
      [
        "cmnd/klima_salon/IRHVAC",
        { Vendor: "COOLIX", Power: "On", Mode: "Cool", FanSpeed: "Auto", Celsius: "On", Temp: 24.5 },
        false,
        1,
      ],
      [
        "cmnd/klima_salon/IRHVAC",
        { Vendor: "COOLIX", Power: "Off", Mode: "Off", FanSpeed: "Auto", Celsius: "On", Temp: 24.5 },
        false,
        1,
      ],
    ]);
  });

  it("a bad mode or temperature is 400 naming the field, an unknown unit 404; nothing reaches the blaster", async () => {
    const cookie = await login(hub);
    const blaster = await device("klima_salon", tasmotaHvacBlaster("klima_salon"));
    for (const [body, field] of [
      [{ mode: "Hot" }, "mode"],
      [{ targetTemperature: 35 }, "targetTemperature"],
      [{ targetTemperature: 20.2 }, "targetTemperature"],
      [{}, "body"],
      [{ mode: "Cool", swing: "On" }, "body"],
    ] as const) {
      const response = await call(hub, "POST", "/api/v2/ac/salon", { cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await jsonOf(response, ErrorBodySchema)).message).toMatch(new RegExp(`^${field}`));
    }
    expect((await call(hub, "POST", "/api/v2/ac/kuchnia", { cookie, body: { mode: "Cool" } })).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(blaster.received).toEqual([]);
  });

  it("the blaster is a registry device with an IR transmitter from the start; LWT Offline refuses IRHVAC with 409 and sends nothing", async () => {
    const cookie = await login(hub);
    const listed = (await jsonOf(await call(hub, "GET", "/api/v2/devices", { cookie }), DevicesAnswerSchema)).items;
    expect(listed.find((item) => item.id === "tasmota:klima_salon")?.capabilities).toEqual([
      {
        type: "text",
        name: "ir_code_to_send",
        property: "IRSend",
        access: 2,
        description: "an IR code to send (Tasmota IRSend JSON)",
      },
    ]);
    const blaster = await device("klima_salon", tasmotaHvacBlaster("klima_salon"));
    await blaster.client.publishAsync("tele/klima_salon/LWT", "Offline", { qos: 1, retain: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = await call(hub, "POST", "/api/v2/ac/salon", { cookie, body: { mode: "Cool" } });
    expect(refused.status).toBe(409);
    expect(await jsonOf(refused, ErrorBodySchema)).toMatchObject({
      code: "DEVICE_UNREACHABLE",
      message: "the device klima_salon is offline: nothing was sent",
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(blaster.received).toEqual([]);

    await blaster.client.publishAsync("tele/klima_salon/LWT", "Online", { qos: 1, retain: true });
    let status = 0;
    for (let tries = 0; status !== 200 && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await call(hub, "POST", "/api/v2/ac/salon", { cookie, body: { mode: "Heat" } })).status;
    }
    expect(status).toBe(200);
    await until(() => blaster.received.length > 0);
    expect(blaster.received.map((m) => m.topic)).toEqual(["cmnd/klima_salon/IRHVAC"]);
  });
});
