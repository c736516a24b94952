import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_VALUE_EVENT, deviceValueSeries } from "../../contract/device-history";
import { EventsDayAnswerSchema, MINUTE_MS, dayOf, type HistoryItem } from "../../contract/history";
import { openDb } from "../domains";
import { loadFixture } from "../testing/fixtures";
import { MAX_DEVICE_VALUE_SERIES } from "./history";
import { call, connectDevice, freePort, jsonOf, login, startTestHub, until, type TestHub } from "../testing/harness";

/** The household's bridge/devices (zigbee-herdsman-converters 26.112.0) and its states as Zigbee2MQTT publishes them. */
const HOUSEHOLD = loadFixture("zigbee2mqtt/bridge_devices_household.json");
const STATES = loadFixture("zigbee2mqtt/household_states.json").json as Record<string, Record<string, unknown>>;
const BALCONY = "zigbee2mqtt:Balcony climate";
const LEAK = "zigbee2mqtt:Bathroom leak";

describe("history of a Zigbee2MQTT device's read-only values, from the gateway through the embedded broker", () => {
  let hub: TestHub;
  let gateway: MqttClient;
  let cookie: string;

  /** `GET /events/day` of `day` for `device_value` of `series`, as the dashboard's chart asks it. */
  const ask = (series: string, bucket?: number, day = dayOf(Date.now())) =>
    call(
      hub,
      "GET",
      `/api/v2/events/day?day=${day}&event=${DEVICE_VALUE_EVENT}&device=${encodeURIComponent(series)}${bucket ? `&bucket=${String(bucket)}` : ""}`,
      { cookie },
    );
  const items = async (series: string, bucket?: number): Promise<HistoryItem[]> => {
    const response = await ask(series, bucket);
    expect(response.status).toBe(200);
    return (await jsonOf(response, EventsDayAnswerSchema)).items;
  };
  /** The state Zigbee2MQTT publishes for `name` (its fixture, changed by `change`). */
  const publishState = (name: string, change: Record<string, unknown>) =>
    gateway.publishAsync(`zigbee2mqtt/${name}`, JSON.stringify({ ...STATES[name], ...change }), { qos: 1 });

  beforeAll(async () => {
    hub = await startTestHub({ mqttPort: await freePort() });
    cookie = await login(hub);
    gateway = await connectDevice(hub, "zigbee2mqtt");
    await gateway.publishAsync(HOUSEHOLD.topic, HOUSEHOLD.payload, { qos: 1, retain: true });
    await until(() => hub.devices.registry.get(BALCONY) !== undefined && hub.devices.registry.get(LEAK) !== undefined);
  });
  afterAll(async () => {
    gateway.end(true);
    await hub.cleanup();
  });

  it("the balcony's temperature, humidity, pressure and battery answer their points of the day; a leak sensor's alarm is 1", async () => {
    await publishState("Balcony climate", {});
    await publishState("Bathroom leak", { water_leak: true });
    let temperature: HistoryItem[] = [];
    await until(() => hub.devices.states.get(LEAK)?.values.water_leak === true);
    for (let tries = 0; tries < 50 && temperature.length === 0; tries++)
      temperature = await items(deviceValueSeries(BALCONY, "temperature"));
    expect(temperature).toHaveLength(1);
    expect(temperature[0]).toMatchObject({
      event: DEVICE_VALUE_EVENT,
      device: "zigbee2mqtt:Balcony climate/temperature",
      value: 7.4,
      min: 7.4,
      max: 7.4,
    });
    expect((await items(deviceValueSeries(BALCONY, "humidity")))[0]?.value).toBe(81.2);
    expect((await items(deviceValueSeries(BALCONY, "pressure")))[0]?.value).toBe(1012.6);
    expect((await items(deviceValueSeries(BALCONY, "battery")))[0]?.value).toBe(91);
    expect((await items(deviceValueSeries(LEAK, "water_leak")))[0]).toMatchObject({ value: 1, min: 1, max: 1 });
  });

  it("records at most one value of a property per 30 s of the device's own time (Zigbee2MQTT's last_seen)", async () => {
    // Three states within one minute of the device's clock, 5, 15 and 45 s into it: the one at 15 s is within 30 s of the first.
    const minute = Math.floor((Date.now() - 3 * MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
    const at = (seconds: number) => new Date(minute + seconds * 1000).toISOString();
    await publishState("Balcony climate", { temperature: 6.0, last_seen: at(5) });
    await publishState("Balcony climate", { temperature: 30.0, last_seen: at(15) });
    await publishState("Balcony climate", { temperature: 8.0, last_seen: at(45) });
    await until(() => hub.devices.states.get(BALCONY)?.values.temperature === 8);
    let bucket: HistoryItem | undefined;
    for (let tries = 0; tries < 50 && bucket?.max !== 8; tries++)
      bucket = (await items(deviceValueSeries(BALCONY, "temperature"), 1)).find(
        (item) => Date.parse(item.time) === minute,
      );
    expect(bucket).toMatchObject({ value: 7, min: 6, max: 8 });
  });

  it(`records at most ${String(MAX_DEVICE_VALUE_SERIES)} device values: 50 more climate sensors joining leave the rest unrecorded, reported once`, async () => {
    // 50 copies of the balcony sensor (temperature, humidity, pressure, battery each: 200 values more).
    const entries = HOUSEHOLD.json as { friendly_name: string; ieee_address: string }[];
    const balcony = entries.find((entry) => entry.friendly_name === "Balcony climate");
    const copies = Array.from({ length: 50 }, (_, n) => ({
      ...balcony,
      friendly_name: `Climate ${String(n)}`,
      ieee_address: `0x00158d00045${String(n).padStart(5, "0")}`,
    }));
    await gateway.publishAsync(HOUSEHOLD.topic, JSON.stringify([...entries, ...copies]), { qos: 1, retain: true });
    await until(() => hub.devices.registry.get("zigbee2mqtt:Climate 49") !== undefined);
    for (const copy of copies)
      await gateway.publishAsync(`zigbee2mqtt/${copy.friendly_name}`, JSON.stringify(STATES["Balcony climate"]), {
        qos: 1,
      });
    await until(() => hub.devices.states.get("zigbee2mqtt:Climate 49") !== undefined);
    const stored = () => {
      const db = openDb(hub.dataDir);
      try {
        return (
          db
            .prepare("SELECT COUNT(*) AS n FROM (SELECT DISTINCT device FROM history WHERE event = ?)")
            .get(DEVICE_VALUE_EVENT) as { n: number }
        ).n;
      } finally {
        db.close();
      }
    };
    let count = 0;
    for (let tries = 0; tries < 50 && count < MAX_DEVICE_VALUE_SERIES; tries++) {
      await items(deviceValueSeries(BALCONY, "temperature")); // flushes what was recorded
      count = stored();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    await items(deviceValueSeries(BALCONY, "temperature"));
    expect(stored()).toBe(MAX_DEVICE_VALUE_SERIES);
    expect(hub.devices.registry.reports().filter((reason) => reason.startsWith("device history:"))).toEqual([
      `device history: ${String(MAX_DEVICE_VALUE_SERIES)} values recorded, no more`,
    ]);
    // The last sensor's values are not recorded: its chart answers no points (it is a known device: no 400).
    expect(await items(deviceValueSeries("zigbee2mqtt:Climate 49", "temperature"))).toEqual([]);
  });

  it("refuses, with the history's 400 naming `device`, a device the hub does not know and a property it does not record", async () => {
    for (const [series, message] of [
      [deviceValueSeries("zigbee2mqtt:Nobody", "temperature"), "device: zigbee2mqtt:Nobody is no device of this hub"],
      [deviceValueSeries(BALCONY, "linkquality"), "device: zigbee2mqtt:Balcony climate records no value linkquality"],
      [deviceValueSeries(BALCONY, "voltage"), "device: zigbee2mqtt:Balcony climate records no value voltage"],
      [deviceValueSeries(BALCONY, "__proto__"), "device: zigbee2mqtt:Balcony climate records no value __proto__"],
      ["zigbee2mqtt:Balcony climate", "device: must be <device id>/<property>"],
    ] as const) {
      const response = await ask(series);
      expect(response.status, series).toBe(400);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe("BAD_REQUEST");
      expect(body.message.startsWith(message), body.message).toBe(true);
    }
    // A settable value (the kitchen plug's state) is a control, not a read-only value: not recorded either.
    expect((await ask(deviceValueSeries("zigbee2mqtt:Kitchen plug", "state"))).status).toBe(400);
  });
});
