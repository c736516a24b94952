import { describe, expect, it } from "vitest";
import type { Household } from "../household/schema";
import { loadFixture } from "../testing/fixtures";
import { buildBridgeIndex } from "./bridge-index";
import { translateZigbee2Mqtt } from "./zigbee2mqtt";
import { deviceEvent } from "./router";

const at = new Date("2026-01-15T12:00:00.000Z");
const household: Household = {
  sensors: [
    {
      id: "t",
      kind: "temp",
      place: "bathroom",
      label: "Łazienka",
      source: { type: "zigbee2mqtt", device: "humidity_xiaomi_bad_stefan", property: "temperature" },
    },
    {
      id: "h",
      kind: "humid",
      place: "bathroom",
      label: "Łazienka",
      source: { type: "zigbee2mqtt", device: "humidity_xiaomi_bad_stefan", property: "humidity" },
    },
    {
      id: "p",
      kind: "pressure",
      place: "bathroom",
      label: "Łazienka",
      source: { type: "zigbee2mqtt", device: "humidity_xiaomi_bad_stefan", property: "pressure" },
    },
    {
      id: "b",
      kind: "batt",
      place: "bathroom",
      label: "Łazienka",
      source: { type: "zigbee2mqtt", device: "humidity_xiaomi_bad_stefan", property: "battery" },
    },
    {
      id: "door",
      kind: "door",
      place: "gate",
      label: "Furtka",
      source: { type: "zigbee2mqtt", device: "Klingel", property: "contact" },
    },
    {
      id: "pm",
      kind: "pm25",
      place: "living_room",
      label: "Salon",
      source: { type: "zigbee2mqtt", device: "oczyszczacz", property: "pm25" },
    },
  ],
  switches: [],
  switchesList: [],
  garage: [],
};
const index = buildBridgeIndex(household);
const translate = (topic: string, payload: Buffer | string) =>
  translateZigbee2Mqtt(
    index,
    deviceEvent("zigbee2mqtt", topic, Buffer.isBuffer(payload) ? payload : Buffer.from(payload)),
    at,
  );
const reading = (value: number) => JSON.stringify({ value, time: at.toISOString() });

describe("Zigbee2MQTT device state", () => {
  it("turns an Aqara weather sensor's state into temp, humid, pressure and battery", () => {
    const fixture = loadFixture("zigbee2mqtt/state_weather_sensor.json");
    expect(translate(fixture.topic, fixture.payload).messages).toEqual([
      { topic: "sensor/temp/bathroom", payload: reading(22.4) },
      { topic: "sensor/humid/bathroom", payload: reading(58.5) },
      { topic: "sensor/pressure/bathroom", payload: reading(1001.8) },
      { topic: "sensor/batt/bathroom", payload: reading(97) },
    ]);
  });

  it("reads contact: false as an open door (1)", () => {
    const fixture = loadFixture("zigbee2mqtt/state_contact_sensor.json");
    expect(translate(fixture.topic, fixture.payload).messages).toEqual([
      { topic: "sensor/door/gate", payload: reading(1) },
    ]);
    expect(translate("zigbee2mqtt/Klingel", '{"contact":true}').messages).toEqual([
      { topic: "sensor/door/gate", payload: reading(0) },
    ]);
  });

  it("drops the air purifier's pm25 of -1 (no reading yet) and counts it", () => {
    const fixture = loadFixture("zigbee2mqtt/state_air_purifier_pm25.json", "oczyszczacz");
    const result = translate(fixture.topic, fixture.payload);
    expect(result.messages).toEqual([]);
    expect(result.dropped).toHaveLength(1);
  });

  it("skips properties a partial update leaves out, and null values", () => {
    const result = translate("zigbee2mqtt/humidity_xiaomi_bad_stefan", '{"temperature":20.5,"battery":null}');
    expect(result.messages).toEqual([{ topic: "sensor/temp/bathroom", payload: reading(20.5) }]);
    expect(result.dropped).toEqual([]);
  });

  it("drops NaN-like and wrongly typed values", () => {
    const result = translate("zigbee2mqtt/humidity_xiaomi_bad_stefan", '{"temperature":"NaN","humidity":130}');
    expect(result.messages).toEqual([]);
    expect(result.dropped).toHaveLength(2);
  });
});

describe("Zigbee2MQTT availability", () => {
  it("reads JSON availability online and offline", () => {
    for (const [file, state] of [
      ["availability_json_online.json", "online"],
      ["availability_json_offline.json", "offline"],
    ] as const) {
      const fixture = loadFixture(`zigbee2mqtt/${file}`);
      expect(translate(fixture.topic, fixture.payload).messages).toEqual([
        { topic: "availability/bulb_color", payload: JSON.stringify({ state }) },
      ]);
    }
  });

  it("reads the legacy plain-text availability", () => {
    const fixture = loadFixture("zigbee2mqtt/availability_legacy_online.json", "lampa");
    expect(translate(fixture.topic, fixture.payload).messages).toEqual([
      { topic: "availability/lampa", payload: '{"state":"online"}' },
    ]);
  });
});

describe("what the Zigbee2MQTT bridge leaves alone", () => {
  it("ignores bridge/* messages (only logs them) and /set commands", () => {
    const fixture = loadFixture("zigbee2mqtt/bridge_state_json_online.json");
    const seen: string[] = [];
    const result = translateZigbee2Mqtt(
      index,
      deviceEvent("zigbee2mqtt", fixture.topic, fixture.payload),
      at,
      (topic) => seen.push(topic),
    );
    expect(result).toEqual({ messages: [], dropped: [], ignored: [] });
    expect(seen).toEqual(["zigbee2mqtt/bridge/state"]);
    expect(translate("zigbee2mqtt/Klingel/set", '{"state":"ON"}')).toEqual({ messages: [], dropped: [], ignored: [] });
  });

  it("drops hostile names (__proto__, a + in the name, control characters) and counts them", () => {
    expect(translate("zigbee2mqtt/__proto__", '{"temperature":1}').dropped).toHaveLength(1);
    expect(translate("zigbee2mqtt/a+b/availability", "online").dropped).toHaveLength(1);
    expect(translate("zigbee2mqtt/bad\u0001name", "{}").dropped).toHaveLength(1);
  });

  it("drops a non-JSON state and a 1 MB payload without throwing", () => {
    expect(translate("zigbee2mqtt/Klingel", "garbage{").dropped).toHaveLength(1);
    expect(translate("zigbee2mqtt/Klingel", Buffer.alloc(1024 * 1024, 0x7b)).dropped).toHaveLength(1);
  });
});
