import { describe, expect, it } from "vitest";
import type { Household } from "../household/schema";
import { loadFixture } from "../testing/fixtures";
import { buildBridgeIndex } from "./bridge-index";
import { translateTasmota } from "./tasmota";
import { deviceEvent } from "./router";

const at = new Date("2026-01-15T12:00:00.000Z");
const household: Household = {
  sensors: [
    {
      id: "t",
      kind: "temp",
      place: "balcony",
      label: "Balkon",
      source: { type: "tasmota", device: "balkon", field: "BME280.Temperature" },
    },
    {
      id: "h",
      kind: "humid",
      place: "balcony",
      label: "Balkon",
      source: { type: "tasmota", device: "balkon", field: "BME280.Humidity" },
    },
    {
      id: "p",
      kind: "pressure",
      place: "balcony",
      label: "Balkon",
      source: { type: "tasmota", device: "balkon", field: "BME280.Pressure" },
    },
    {
      id: "si",
      kind: "temp",
      place: "garage",
      label: "Garaż",
      source: { type: "tasmota", device: "sonoff-test", field: "SI7021.Temperature" },
    },
    {
      id: "bme",
      kind: "temp",
      place: "outside",
      label: "Na zewnątrz",
      source: { type: "tasmota", device: "sonoff-test", field: "BME280.Temperature" },
    },
    {
      id: "ds1",
      kind: "temp",
      place: "tunnel",
      label: "Tunel",
      source: { type: "tasmota", device: "piwnica", field: "DS18B20-1.Temperature" },
    },
    {
      id: "ds2",
      kind: "temp",
      place: "cellar",
      label: "Piwnica",
      source: { type: "tasmota", device: "piwnica", field: "DS18B20-2.Temperature" },
    },
    {
      id: "pm25",
      kind: "pm25",
      place: "outside",
      label: "Powietrze",
      source: { type: "tasmota", device: "sonoff", field: "SDS0X1.PM2.5" },
    },
    {
      id: "pm10",
      kind: "pm10",
      place: "outside",
      label: "Powietrze",
      source: { type: "tasmota", device: "sonoff", field: "SDS0X1.PM10" },
    },
    {
      id: "door",
      kind: "door",
      place: "entrance",
      label: "Drzwi",
      source: { type: "tasmota", device: "tasmota", field: "Switch1" },
    },
    {
      id: "gate",
      kind: "door",
      place: "gate",
      label: "Furtka",
      source: { type: "tasmota", device: "furtka", field: "Switch1" },
      invert: true,
    },
  ],
  switches: [{ name: "dyfuzor", label: "Dyfuzor", purpose: null, device: "GD-30W" }],
  switchesList: [],
  garage: [],
};
const index = buildBridgeIndex(household);
const translate = (topic: string, payload: Buffer) =>
  translateTasmota(index, deviceEvent("tasmota", topic, payload), at);
const reading = (value: number) => JSON.stringify({ value, time: at.toISOString() });

describe("Tasmota tele/<t>/SENSOR", () => {
  it("turns a BME280 reading into temp, humid and pressure for its place, timed at receipt", () => {
    const fixture = loadFixture("tasmota/sensor_bme280.json", "balkon");
    const result = translate(fixture.topic, fixture.payload);
    expect(result.messages).toEqual([
      { topic: "sensor/temp/balcony", payload: reading(21.7) },
      { topic: "sensor/humid/balcony", payload: reading(66.6) },
      { topic: "sensor/pressure/balcony", payload: reading(988.6) },
      { topic: "tasmota/tele/balkon/SENSOR", payload: fixture.payload.toString() },
    ]);
    expect(result.dropped).toEqual([]);
  });

  it("reads two sensors of one device (SI7021 + BME280) into two places", () => {
    const fixture = loadFixture("tasmota/sensor_si7021_bme280.json");
    const result = translate(fixture.topic, fixture.payload);
    expect(result.messages).toContainEqual({ topic: "sensor/temp/garage", payload: reading(7.5) });
    expect(result.messages).toContainEqual({ topic: "sensor/temp/outside", payload: reading(8.2) });
  });

  it("ignores and counts a German-locale build's fields, publishing no reading", () => {
    const fixture = loadFixture("tasmota/sensor_si7021_bme280_german_locale.json");
    const result = translate(fixture.topic, fixture.payload);
    expect(result.messages.filter((m) => m.topic.startsWith("sensor/"))).toEqual([]);
    expect(result.ignored).toHaveLength(2);
    expect(result.dropped).toEqual([]);
  });

  it("maps DS18B20-1 and DS18B20-2 of one device to tunnel and cellar", () => {
    const fixture = loadFixture("tasmota/sensor_ds18b20_multi.json", "piwnica");
    const result = translate(fixture.topic, fixture.payload);
    expect(result.messages).toContainEqual({ topic: "sensor/temp/tunnel", payload: reading(13.3) });
    expect(result.messages).toContainEqual({ topic: "sensor/temp/cellar", payload: reading(1.2) });
  });

  it("reads the dotted key PM2.5 of SDS0X1 next to PM10", () => {
    const fixture = loadFixture("tasmota/sensor_sds011_pm.json");
    const result = translate(fixture.topic, fixture.payload);
    expect(result.messages).toContainEqual({ topic: "sensor/pm25/outside", payload: reading(2.1) });
    expect(result.messages).toContainEqual({ topic: "sensor/pm10/outside", payload: reading(4.7) });
  });

  it("reads a reed contact on Switch1: ON is open (1), and inverted it is closed (0)", () => {
    const fixture = loadFixture("tasmota/sensor_switch1.json");
    expect(translate(fixture.topic, fixture.payload).messages).toContainEqual({
      topic: "sensor/door/entrance",
      payload: reading(1),
    });
    expect(translate("tele/furtka/SENSOR", fixture.payload).messages).toContainEqual({
      topic: "sensor/door/gate",
      payload: reading(0),
    });
  });

  it("drops and counts a non-JSON payload and a value of the wrong type", () => {
    expect(translate("tele/balkon/SENSOR", Buffer.from("not json")).dropped).toHaveLength(1);
    const wrong = translate(
      "tele/balkon/SENSOR",
      Buffer.from(JSON.stringify({ BME280: { Temperature: "21,5", Humidity: 50, Pressure: 1000 } })),
    );
    expect(wrong.dropped).toHaveLength(1);
    expect(wrong.messages.map((m) => m.topic)).toEqual([
      "sensor/humid/balcony",
      "sensor/pressure/balcony",
      "tasmota/tele/balkon/SENSOR",
    ]);
  });
});

describe("Tasmota power", () => {
  it("raw stat/<t>/POWER1 ON becomes power/<t>/POWER1 {state: ON}, also under the switch's name", () => {
    const fixture = loadFixture("tasmota/stat_power1_raw.json");
    expect(translate(fixture.topic, fixture.payload).messages).toEqual([
      { topic: "power/GD-30W/POWER1", payload: '{"state":"ON"}' },
      { topic: "power/dyfuzor/POWER1", payload: '{"state":"ON"}' },
    ]);
  });

  it("stat/<t>/POWER carrying JSON {POWER: OFF} is read too", () => {
    expect(translate("stat/lampa/POWER", Buffer.from('{"POWER":"OFF"}')).messages).toEqual([
      { topic: "power/lampa/POWER", payload: '{"state":"OFF"}' },
    ]);
  });

  it("stat/<t>/RESULT after Power TOGGLE becomes power/<t>/POWER", () => {
    const fixture = loadFixture("tasmota/result_power_toggle.json");
    expect(translate(fixture.topic, fixture.payload).messages).toEqual([
      { topic: "power/tasmota_switch/POWER", payload: '{"state":"ON"}' },
    ]);
  });

  it("a STATE with POWER1..POWER5 gives five relay states", () => {
    const fixture = loadFixture("tasmota/state_multi_relay_power1_5.json");
    const messages = translate(fixture.topic, fixture.payload).messages.filter((m) =>
      m.topic.startsWith("power/GD-30W/"),
    );
    expect(messages).toEqual([
      { topic: "power/GD-30W/POWER1", payload: '{"state":"ON"}' },
      { topic: "power/GD-30W/POWER2", payload: '{"state":"OFF"}' },
      { topic: "power/GD-30W/POWER3", payload: '{"state":"ON"}' },
      { topic: "power/GD-30W/POWER4", payload: '{"state":"OFF"}' },
      { topic: "power/GD-30W/POWER5", payload: '{"state":"ON"}' },
    ]);
  });

  it("a tele STATE with one relay gives POWER and is passed through", () => {
    const fixture = loadFixture("tasmota/state_single_relay.json");
    const messages = translate(fixture.topic, fixture.payload).messages;
    expect(messages).toContainEqual({ topic: "power/demo-sensor/POWER", payload: '{"state":"ON"}' });
    expect(messages).toContainEqual({ topic: "tasmota/tele/demo-sensor/STATE", payload: fixture.payload.toString() });
  });

  it("a 4-relay device: each switch bound to a relay gets that relay's state only, under its own name", () => {
    const relayIndex = buildBridgeIndex({
      ...household,
      switches: [
        { name: "lampka", label: "Lampka", purpose: null, device: "sonoff4", relay: 2 },
        { name: "wentylator", label: "Wentylator", purpose: null, device: "sonoff4", relay: 1 },
        { name: "listwa4", label: "Cała listwa", purpose: null, device: "sonoff4", relays: 4 },
      ],
    });
    const fixture = loadFixture("tasmota/state_multi_relay_power1_5.json");
    const { POWER5: _fifth, ...state } = fixture.json as Record<string, unknown>;
    const messages = translateTasmota(
      relayIndex,
      deviceEvent("tasmota", "tele/sonoff4/STATE", Buffer.from(JSON.stringify(state))),
      at,
    ).messages;
    const power = (name: string) => messages.filter((m) => m.topic.startsWith(`power/${name}/`));
    expect(power("wentylator")).toEqual([{ topic: "power/wentylator/POWER1", payload: '{"state":"ON"}' }]);
    expect(power("lampka")).toEqual([{ topic: "power/lampka/POWER2", payload: '{"state":"OFF"}' }]);
    expect(power("listwa4").map((m) => m.topic)).toEqual([
      "power/listwa4/POWER1",
      "power/listwa4/POWER2",
      "power/listwa4/POWER3",
      "power/listwa4/POWER4",
    ]);
    expect(power("sonoff4")).toHaveLength(4);
    expect(
      translateTasmota(relayIndex, deviceEvent("tasmota", "stat/sonoff4/POWER2", Buffer.from("ON")), at).messages,
    ).toEqual([
      { topic: "power/sonoff4/POWER2", payload: '{"state":"ON"}' },
      { topic: "power/lampka/POWER2", payload: '{"state":"ON"}' },
      { topic: "power/listwa4/POWER2", payload: '{"state":"ON"}' },
    ]);
  });

  it("drops a power state that is neither ON nor OFF", () => {
    expect(translate("stat/lampa/POWER1", Buffer.from("MAYBE")).dropped).toHaveLength(1);
  });
});

describe("Tasmota LWT", () => {
  it("Online and Offline become availability/<t> and are passed through", () => {
    const online = loadFixture("tasmota/lwt_online.json");
    expect(translate(online.topic, online.payload).messages).toEqual([
      { topic: "availability/tasmota_XXXXXX", payload: '{"state":"online"}' },
      { topic: "tasmota/tele/tasmota_XXXXXX/LWT", payload: "Online" },
    ]);
    const offline = loadFixture("tasmota/lwt_offline.json");
    expect(translate(offline.topic, offline.payload).messages[0]).toEqual({
      topic: "availability/tasmota_XXXXXX",
      payload: '{"state":"offline"}',
    });
  });

  it("a switch named otherwise than its device gets the device's availability under its own name too", () => {
    const offline = loadFixture("tasmota/lwt_offline.json", "GD-30W");
    expect(translate(offline.topic.replace("tasmota_XXXXXX", "GD-30W"), offline.payload).messages).toEqual([
      { topic: "availability/GD-30W", payload: '{"state":"offline"}' },
      { topic: "availability/dyfuzor", payload: '{"state":"offline"}' },
      { topic: "tasmota/tele/GD-30W/LWT", payload: "Offline" },
    ]);
  });
});

describe("hostile Tasmota input", () => {
  it("drops a device topic named __proto__ and a payload over 64 KiB without throwing", () => {
    expect(translate("tele/__proto__/SENSOR", Buffer.from("{}")).dropped).toHaveLength(1);
    expect(translate("tele/balkon/SENSOR", Buffer.alloc(1024 * 1024, 0x20)).dropped).toHaveLength(1);
  });

  it("never reads a field from the prototype chain", () => {
    const result = translate(
      "tele/balkon/SENSOR",
      Buffer.from('{"__proto__":{"Temperature":1},"BME280":{"__proto__":{"Temperature":5}}}'),
    );
    expect(result.messages.filter((m) => m.topic.startsWith("sensor/"))).toEqual([]);
  });
});
