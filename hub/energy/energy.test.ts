import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnergyReadingSchema, energyTopic, type EnergyReading } from "../../contract/energy";
import { EventsDayAnswerSchema, EVENTS_DAY_PATH, dayOf } from "../../contract/history";
import { DEFAULT_API_BASES } from "../../contract/paths";
import { startMosquitto, type TestMosquitto } from "../../tests/e2e/support/mosquitto";
import {
  call,
  connectBrowser,
  connectDevice,
  connectMqtt,
  freePort,
  jsonOf,
  login,
  startTestHub,
  tempDir,
  type TestHub,
} from "../testing/harness";
import { loadFixture } from "../testing/fixtures";

/** A Sonoff Pow R2 (`pow1`, the fixtures' topic) driving the washing machine, and a plain plug without a meter. */
const HOUSEHOLD = {
  switches: [
    { name: "pralka", label: "Pralka", purpose: null, device: "pow1" },
    { name: "lampka", label: "Lampka", purpose: "light", device: "lampka" },
  ],
};

function householdFile(): string {
  const file = join(tempDir("energy-"), "household.json");
  writeFileSync(file, JSON.stringify(HOUSEHOLD));
  return file;
}

/** Resolves with the next reading on `topic` that `accept` takes (a retained one too); rejects after 5 s. */
function readingOn(client: MqttClient, topic: string, accept: (reading: EnergyReading) => boolean) {
  return new Promise<EnergyReading>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching reading on ${topic} within 5 s`)), 5000);
    const onMessage = (received: string, body: Buffer) => {
      if (received !== topic) return;
      const reading = v.parse(EnergyReadingSchema, JSON.parse(body.toString("utf8")));
      if (!accept(reading)) return;
      clearTimeout(timer);
      client.off("message", onMessage);
      resolve(reading);
    };
    client.on("message", onMessage);
    client.subscribe(topic);
  });
}

/** What a household sees of the Pow R2's real telemetry and Status 10 answer, on one broker. */
async function showsTheMeter(hub: TestHub, device: MqttClient, browser: MqttClient, cookie: string) {
  const sensor = loadFixture("tasmota/sensor_energy_pow_r2.json");
  const fromTelemetry = readingOn(browser, energyTopic("pralka"), (reading) => reading.today === 0.954);
  await device.publishAsync(sensor.topic, sensor.payload, { qos: 1 });
  expect(await fromTelemetry).toMatchObject({
    power: 2635,
    voltage: 227,
    current: 11.661,
    today: 0.954,
    yesterday: 5.34,
    total: 6.294,
    apparentPower: 2650,
    reactivePower: 282,
    factor: 0.99,
    totalStartTime: "2018-11-14T18:39:40",
  });

  const status = loadFixture("tasmota/status10_energy_pow_r2.json");
  const fromStatus = readingOn(browser, energyTopic("pralka"), (reading) => reading.today === 1.064);
  await device.publishAsync(status.topic, status.payload, { qos: 1 });
  expect(await fromStatus).toMatchObject({ power: 2629, voltage: 226, current: 11.677, total: 6.404 });

  // The history of the day has the readings as series of the switch (device = the switch's name).
  const day = dayOf(Date.now());
  const query = `day=${day}&event=energy_power&event=energy_today&device=pralka&bucket=60`;
  const answer = await jsonOf(
    await call(hub, "GET", `${DEFAULT_API_BASES.general}${EVENTS_DAY_PATH}?${query}`, { cookie }),
    EventsDayAnswerSchema,
  );
  const byEvent = Object.fromEntries(answer.items.map((item) => [item.event, item]));
  expect(byEvent.energy_power).toMatchObject({ device: "pralka", min: 2629, max: 2635 });
  expect(byEvent.energy_today).toMatchObject({ device: "pralka", min: 0.954, max: 1.064 });
}

describe("Tasmota energy monitoring, from the device's own payloads to the live channel and the history", () => {
  let hub: TestHub;
  let cookie: string;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    hub = await startTestHub({ householdConfigPath: householdFile(), mqttPort: await freePort() });
    cookie = await login(hub);
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await hub.cleanup();
  });

  it("on the embedded broker: a Sonoff Pow R2's SENSOR and STATUS10 become the switch's reading on device/pralka/energy and its history", async () => {
    const device = await connectDevice(hub, "pow1");
    const browser = await connectBrowser(hub, cookie);
    clients.push(device, browser);
    await showsTheMeter(hub, device, browser, cookie);
  });

  it("a switch's device without ENERGY, a malformed ENERGY and a device the household does not have publish nothing and break nothing", async () => {
    const plug = await connectDevice(hub, "lampka");
    const stranger = await connectDevice(hub, "obcy");
    const meter = await connectDevice(hub, "pow1");
    const browser = await connectBrowser(hub, cookie);
    clients.push(plug, stranger, meter, browser);
    const seen: string[] = [];
    browser.on("message", (topic) => seen.push(topic));
    await browser.subscribeAsync("device/#");
    await new Promise((resolve) => setTimeout(resolve, 300));
    seen.length = 0; // the retained reading of the test before
    await plug.publishAsync("tele/lampka/SENSOR", JSON.stringify({ Time: "2026-11-27T10:00:00", Switch1: "ON" }));
    await stranger.publishAsync("tele/obcy/SENSOR", loadFixture("tasmota/sensor_energy_pow_r2.json").payload);
    await meter.publishAsync("tele/pow1/SENSOR", JSON.stringify({ ENERGY: { Power: "dużo", Voltage: [1, 2] } }));
    await meter.publishAsync("tele/pow1/SENSOR", "{not json");
    // The meter's next good reading still arrives, after the bad ones.
    const next = readingOn(browser, energyTopic("pralka"), (reading) => reading.power === 120);
    await meter.publishAsync("tele/pow1/SENSOR", JSON.stringify({ ENERGY: { Power: 120, Voltage: 231, Today: 1.2 } }));
    expect(await next).toMatchObject({ power: 120, voltage: 231, today: 1.2, current: null, total: null });
    // No energy reading but the meter's (device/<id>/state, the devices domain's, is not the energy family's).
    expect(seen.filter((topic) => topic.endsWith("/energy") && topic !== energyTopic("pralka"))).toEqual([]);

    // An event no domain records is refused naming it; the stranger's series was never recorded.
    const unknown = await call(
      hub,
      "GET",
      `${DEFAULT_API_BASES.general}${EVENTS_DAY_PATH}?day=${dayOf(Date.now())}&event=energy_fun&device=pralka`,
      { cookie },
    );
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/^event: not recorded by this hub/);
    const strangers = await jsonOf(
      await call(
        hub,
        "GET",
        `${DEFAULT_API_BASES.general}${EVENTS_DAY_PATH}?day=${dayOf(Date.now())}&event=energy_power&device=obcy`,
        { cookie },
      ),
      EventsDayAnswerSchema,
    );
    expect(strangers.items).toEqual([]);
  });
});

describe("Tasmota energy monitoring on Mosquitto as the household broker", () => {
  let mosquitto: TestMosquitto;
  let hub: TestHub;

  beforeAll(async () => {
    mosquitto = await startMosquitto();
    hub = await startTestHub({
      householdConfigPath: householdFile(),
      mqttUrl: mosquitto.hubUrl,
      mqttWsUrl: mosquitto.wsUrl,
    });
  });
  afterAll(async () => {
    await hub.cleanup();
    await mosquitto.close();
  });

  it("the Pow R2's payloads over TCP reach the dashboard's read-only user on device/pralka/energy and the history", async () => {
    const cookie = await login(hub);
    const device = await connectMqtt(mosquitto.tcpUrl, { clientId: "pow1", ...(await mosquitto.deviceLogin("pow1")) });
    const browser = await connectMqtt(mosquitto.wsUrl);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // the hub's subscriptions are in place
      await showsTheMeter(hub, device, browser, cookie);
    } finally {
      device.end(true);
      browser.end(true);
    }
  });
});
