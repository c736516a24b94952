import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdoptionInput } from "../../../contract/adoption";
import { SolarReadingSchema, solarTopic, type SolarReading } from "../../../contract/pv";
import { openDb } from "../../domains";
import { asObject } from "../../bridge/guards";
import { localDayOf } from "../../pv/aggregate";
import { loadFixture } from "../../testing/fixtures";
import {
  connectBrowser,
  connectDevice,
  freePort,
  login,
  nextJson,
  startTestHub,
  tempDir,
  type TestHub,
} from "../../testing/harness";
import { adoptedSolar, solarFieldsOf, type AdoptedSolar } from "./solar";
import { SolarDays, todayFromCounter } from "./solar-day";

/**
 * The household's inverters as adopted (the household file's `devices` section): a Sonoff Pow R2
 * (`pow1`, Tasmota ENERGY) on a micro-inverter, a Smart Meter Interface reading the PV meter
 * (`licznik`, SML: `Power_curr`, `Total_out`), a Tuya TS011F plug (`Desk plug`, Zigbee2MQTT `power`,
 * `energy`) on a balcony inverter.
 */
const ADOPTIONS: Record<string, AdoptionInput> = {
  "tasmota:pow1": { label: "Falownik", use: { as: "solar", name: "dach", power: "ENERGY.Power" } },
  "tasmota:licznik": {
    label: "Licznik PV",
    use: { as: "solar", name: "licznik", power: "SML.Power_curr", energy: "SML.Total_out" },
  },
  "zigbee2mqtt:Desk plug": { label: "Balkon", use: { as: "solar", name: "balkon", power: "power" } },
};

const solarOf = (id: string): AdoptedSolar => {
  const adoption = ADOPTIONS[id];
  const solar = adoption && adoptedSolar(id, { show: "home", hidden: false, ...adoption } as never);
  if (!solar) throw new Error(id);
  return solar;
};
const jsonOfFixture = (path: string) => asObject(loadFixture(path).json) ?? {};
const deskPlug = (change: Record<string, unknown>) => {
  const states = loadFixture("zigbee2mqtt/household_states.json").json as Record<string, Record<string, unknown>>;
  return { ...states["Desk plug"], ...change };
};

describe("an inverter's message as the solar use reads it (real payloads)", () => {
  it("Tasmota ENERGY (Sonoff Pow R2): power, its own Today and Total", () => {
    expect(solarFieldsOf(solarOf("tasmota:pow1"), jsonOfFixture("tasmota/sensor_energy_pow_r2.json"))).toEqual({
      power: 2635,
      today: 0.954,
      total: 6.294,
    });
    const status = asObject(jsonOfFixture("tasmota/status10_energy_pow_r2.json").StatusSNS) ?? {};
    expect(solarFieldsOf(solarOf("tasmota:pow1"), status)?.power).toBe(2629);
  });

  it("an SML meter (Tasmota's Smart Meter Interface): the fields the adoption names, no Today", () => {
    expect(solarFieldsOf(solarOf("tasmota:licznik"), jsonOfFixture("tasmota/sensor_sml_ehz363.json"))).toEqual({
      power: 1432,
      today: null,
      total: 10898.4095,
    });
  });

  it("a Zigbee2MQTT metering plug: power and energy", () => {
    expect(solarFieldsOf(solarOf("zigbee2mqtt:Desk plug"), deskPlug({ power: 412 }))).toEqual({
      power: 412,
      today: null,
      total: 3.12,
    });
  });

  it("refuses what is not a number there: strings, __proto__, deeper paths, a negative counter reads as none", () => {
    const pow = solarOf("tasmota:pow1");
    expect(solarFieldsOf(pow, { ENERGY: { Power: "2635" } })).toBeUndefined();
    expect(solarFieldsOf(pow, JSON.parse('{"__proto__":{"Power":5},"ENERGY":[]}'))).toBeUndefined();
    expect(solarFieldsOf({ ...pow, power: "a.b.c.d.e" }, { a: { b: { c: { d: { e: 1 } } } } })).toBeUndefined();
    expect(solarFieldsOf(pow, { ENERGY: { Power: 5, Total: -1 } })).toEqual({ power: 5, today: null, total: null });
    expect(solarFieldsOf(pow, { ENERGY: { Power: [100, 200] } })?.power).toBe(300);
    expect(solarFieldsOf({ ...pow, endpoint: "2" }, { ENERGY: { Power: [100, 200] } })?.power).toBe(200);
  });
});

describe("today's yield from an energy counter", () => {
  it("starts a day where the counter stood at the last reading, keeps it through the day, restarts after a reset", () => {
    const first = todayFromCounter(100, "2026-06-21", undefined);
    expect(first).toMatchObject({ today: 0, changed: true });
    const later = todayFromCounter(101.25, "2026-06-21", first.baseline);
    expect(later.today).toBe(1.25);
    const nextDay = todayFromCounter(101.5, "2026-06-22", later.baseline);
    expect(nextDay.today).toBe(0.25);
    expect(nextDay.baseline).toEqual({ day: "2026-06-22", startKwh: 101.25, lastKwh: 101.5 });
    const reset = todayFromCounter(0.1, "2026-06-22", nextDay.baseline);
    expect(reset.today).toBe(0);
  });
});

function householdFile(): string {
  const file = join(tempDir("solar-"), "household.json");
  writeFileSync(file, JSON.stringify({ sensors: [], switches: [], switchesList: [], devices: ADOPTIONS }));
  return file;
}

const reading = (client: MqttClient, name: string, accept: (value: SolarReading) => boolean) =>
  nextJson(client, solarTopic(name), SolarReadingSchema, accept);

describe("adopted inverters from the device end to the live topic, across midnight and a restart", () => {
  const household = householdFile();
  const dataDir = tempDir("solar-data-");
  let hub: TestHub;
  let browser: MqttClient;
  const devices: MqttClient[] = [];
  const today = localDayOf(Date.now());
  const yesterday = localDayOf(Date.now() - 24 * 3_600_000);

  beforeAll(async () => {
    // The SML meter was last heard before midnight at 10 897.9095 kWh (the hub ran yesterday).
    const db = openDb(dataDir);
    new SolarDays(db).set("tasmota:licznik", { day: yesterday, startKwh: 10890, lastKwh: 10897.9095 });
    db.close();
    hub = await startTestHub({ householdConfigPath: household, dataDir, mqttPort: await freePort() });
    browser = await connectBrowser(hub, await login(hub));
  });
  afterAll(async () => {
    for (const client of devices) client.end(true);
    browser.end(true);
    await hub.cleanup();
  });

  it("a Pow R2's ENERGY telemetry: power and its own Today on device/dach/solar", async () => {
    const pow = await connectDevice(hub, "pow1");
    devices.push(pow);
    const sensor = loadFixture("tasmota/sensor_energy_pow_r2.json");
    const seen = reading(browser, "dach", (value) => value.power === 2635);
    await pow.publishAsync(sensor.topic, sensor.payload, { qos: 1 });
    expect(await seen).toMatchObject({ power: 2635, today: 0.954, total: 6.294 });
  });

  it("a Zigbee2MQTT plug: today's yield from its energy counter since its first reading today", async () => {
    const gateway = await connectDevice(hub, "zigbee2mqtt");
    devices.push(gateway);
    const first = reading(browser, "balkon", (value) => value.power === 412);
    await gateway.publishAsync("zigbee2mqtt/Desk plug", JSON.stringify(deskPlug({ power: 412, energy: 3.12 })), {
      qos: 1,
    });
    expect(await first).toMatchObject({ power: 412, today: 0, total: 3.12 });
    const second = reading(browser, "balkon", (value) => value.power === 398);
    await gateway.publishAsync("zigbee2mqtt/Desk plug", JSON.stringify(deskPlug({ power: 398, energy: 3.3 })), {
      qos: 1,
    });
    expect(await second).toMatchObject({ today: 0.18, total: 3.3 });
  });

  it("an SML meter: the day starts where yesterday's last reading left the counter, and a restart keeps it", async () => {
    const meter = await connectDevice(hub, "licznik");
    devices.push(meter);
    const sml = loadFixture("tasmota/sensor_sml_ehz363.json", "licznik");
    const first = reading(browser, "licznik", (value) => value.power === 1432);
    await meter.publishAsync(sml.topic, sml.payload, { qos: 1 });
    expect(await first).toMatchObject({ power: 1432, today: 0.5, total: 10898.4095 });

    // A malformed reading is refused and counted by the registry; nothing is published for it.
    const refused = hub.devices.registry.stats.refused;
    const published: string[] = [];
    const watch = (topic: string, body: Buffer) => {
      if (topic === solarTopic("licznik")) published.push(body.toString("utf8"));
    };
    browser.on("message", watch);
    await meter.publishAsync(sml.topic, '{"SML":{"Power_curr":"1500","Total_out":10898.6}}', { qos: 1 });
    await expect.poll(() => hub.devices.registry.stats.refused).toBe(refused + 1);
    browser.off("message", watch);
    expect(published).toEqual([]);
    meter.end(true);
    browser.end(true);
    await hub.close();

    hub = await startTestHub({ householdConfigPath: household, dataDir, mqttPort: await freePort() });
    browser = await connectBrowser(hub, await login(hub));
    const again = await connectDevice(hub, "licznik");
    devices.push(again);
    const after = reading(browser, "licznik", (value) => value.power === 1210);
    await again.publishAsync(
      sml.topic,
      '{"Time":"2026-06-21T12:05:00","SML":{"Total_in":20481.9505,"Total_out":10898.9095,"Power_curr":1210}}',
      {
        qos: 1,
      },
    );
    expect(await after).toMatchObject({ power: 1210, today: 1, total: 10898.9095 });
    // The test ran within one local day (else the day's start moved, as it should, and 1 kWh would be wrong).
    expect(today).toBe(localDayOf(Date.now()));
  });
});
