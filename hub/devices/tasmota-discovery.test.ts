import { describe, expect, it } from "vitest";
import type { Capability } from "../../contract/devices";
import type { BrokerLink, MessageHandler } from "../broker/link";
import type { JsonObject } from "../bridge/guards";
import { DeviceRouter } from "../bridge/router";
import { DeviceRegistry } from "./registry";
import { followTasmota } from "./tasmota";
import { loadFixture } from "../testing/fixtures";
import { tasmotaCapabilities, tasmotaMemory, rememberTasmota, tasmotaStateValues } from "./tasmota-describe";
import { discoverySensors, readDiscoveryConfig } from "./tasmota-discovery";

/** A discovery fixture: its MAC level and its config. */
function fixture(name: string): { mac: string; json: JsonObject } {
  const message = loadFixture(`tasmota/${name}`);
  return { mac: message.topic.split("/")[2] ?? "", json: message.json as JsonObject };
}

const described = (name: string) => {
  const { mac, json } = fixture(name);
  const read = readDiscoveryConfig(mac, json);
  if (!read.ok) throw new Error(read.reason);
  return read.discovery;
};

/** Every leaf as `endpoint|property|name`, as a caller picks a capability. */
const leaves = (capabilities: readonly Capability[]): string[] =>
  capabilities.flatMap((capability) =>
    capability.features
      ? leaves(capability.features)
      : [`${capability.endpoint ?? ""}|${capability.property}|${capability.name}`],
  );

describe("Tasmota discovery config -> the device and its capabilities", () => {
  it("a 2-relay Sonoff Dual R2: two switches l1/l2 on POWER1/POWER2 labelled by fn, two buttons and a switch as actions", () => {
    const device = described("discovery_relay2_bme280_config.json");
    expect(device).toMatchObject({
      mac: "A4CF12B34C5D",
      topic: "tasmota_B34C5D",
      model: "Sonoff Dual R2",
      name: "Salon",
    });
    expect(device.capabilities.slice(0, 2)).toEqual([
      {
        type: "switch",
        endpoint: "l1",
        features: [
          {
            type: "binary",
            name: "state",
            property: "POWER1",
            access: 3,
            value_on: "ON",
            value_off: "OFF",
            value_toggle: "TOGGLE",
            label: "Lampa",
            endpoint: "l1",
          },
        ],
      },
      expect.objectContaining({ type: "switch", endpoint: "l2" }),
    ]);
    expect(device.capabilities[1]?.features?.[0]).toMatchObject({ property: "POWER2", label: "Wentylator" });
    expect(leaves(device.capabilities)).toEqual([
      "l1|POWER1|state",
      "l2|POWER2|state",
      "b1|Button1.Action|action",
      "b2|Button2.Action|action",
      "sw1|Switch1.Action|action",
    ]);
    const button = device.capabilities.find((capability) => capability.endpoint === "b1");
    expect(button).toMatchObject({
      type: "enum",
      access: 1,
      values: expect.arrayContaining(["SINGLE", "DOUBLE", "HOLD"]),
    });
    const sw = device.capabilities.find((capability) => capability.endpoint === "sw1");
    expect(sw?.values).toEqual(expect.arrayContaining(["OFF", "ON", "TOGGLE", "HOLD"]));
  });

  it("an RGBCW bulb (lt_st 5, one power): one light with POWER, Dimmer, CT and Color", () => {
    const device = described("discovery_light_rgbcw_config.json");
    expect(device.capabilities).toHaveLength(1);
    expect(device.capabilities[0]).toMatchObject({ type: "light", label: "Lampa sufitowa" });
    expect(leaves(device.capabilities)).toEqual([
      "|POWER|state",
      "|Dimmer|brightness",
      "|CT|color_temp",
      "|Color|color",
    ]);
  });

  it("light subtypes: 1 dimmer, 2 CT, 3 RGB, 4 RGBW", () => {
    const { mac, json } = fixture("discovery_light_rgbcw_config.json");
    const featuresOf = (subtype: number) => {
      const read = readDiscoveryConfig(mac, { ...json, lt_st: subtype });
      return read.ok ? leaves(read.discovery.capabilities).map((leaf) => leaf.split("|")[2]) : [];
    };
    expect(featuresOf(1)).toEqual(["state", "brightness"]);
    expect(featuresOf(2)).toEqual(["state", "brightness", "color_temp"]);
    expect(featuresOf(3)).toEqual(["state", "brightness", "color"]);
    expect(featuresOf(4)).toEqual(["state", "brightness", "color"]);
  });

  it("a Shelly 2.5 in shutter mode (rl [3,3], one sho): one cover s1, no switches", () => {
    const device = described("discovery_shutter_config.json");
    expect(device.capabilities.map((capability) => capability.type)).toEqual(["cover"]);
    expect(leaves(device.capabilities)).toEqual(["s1|Shutter1|state", "s1|Shutter1.Position|position"]);
  });

  it("a one-relay Pow R2: a switch on POWER without endpoint; its /sensors gives the ENERGY fields with units", () => {
    const device = described("discovery_plug_energy_config.json");
    expect(leaves(device.capabilities)).toEqual(["|POWER|state"]);
    const memory = tasmotaMemory();
    memory.discovered = device.capabilities;
    const sn = discoverySensors(loadFixture("tasmota/discovery_plug_energy_sensors.json").json as JsonObject);
    expect(sn).toBeDefined();
    rememberTasmota(memory, "tele/SENSOR", sn ?? {});
    const all = tasmotaCapabilities(memory);
    const unitOf = (property: string) => all.find((capability) => capability.property === property)?.unit;
    expect(unitOf("ENERGY.Power")).toBe("W");
    expect(unitOf("ENERGY.Voltage")).toBe("V");
    expect(unitOf("ENERGY.Current")).toBe("A");
    expect(unitOf("ENERGY.Total")).toBe("kWh");
    expect(unitOf("ENERGY.Today")).toBe("kWh");
    expect(all.find((capability) => capability.property === "ENERGY.TotalStartTime")).toBeUndefined();
  });

  it("BME280 (°C, %, hPa), SDS011 and DS18B20 sensor fields, all read-only", () => {
    const memory = tasmotaMemory();
    for (const name of ["sensor_bme280.json", "sensor_sds011_pm.json", "sensor_ds18b20_multi.json"])
      rememberTasmota(memory, "tele/SENSOR", loadFixture(`tasmota/${name}`).json as JsonObject);
    const all = tasmotaCapabilities(memory);
    const byProperty = new Map(all.map((capability) => [capability.property, capability]));
    expect(byProperty.get("BME280.Temperature")).toMatchObject({
      type: "numeric",
      unit: "°C",
      access: 1,
      endpoint: "BME280",
    });
    expect(byProperty.get("BME280.Humidity")?.unit).toBe("%");
    expect(byProperty.get("BME280.Pressure")?.unit).toBe("hPa");
    expect(byProperty.get("SDS0X1.PM2.5")).toMatchObject({ name: "pm25", unit: "µg/m³" });
    expect(byProperty.get("SDS0X1.PM10")?.unit).toBe("µg/m³");
    expect(byProperty.get("DS18B20-2.Temperature")).toMatchObject({ unit: "°C", endpoint: "DS18B20-2" });
    expect(all.every((capability) => capability.access === 1)).toBe(true);
  });

  it("refuses what the router cannot follow or a hostile config, with the reason", () => {
    const { mac, json } = fixture("discovery_relay2_bme280_config.json");
    const reason = (macLevel: string, config: JsonObject) => {
      const read = readDiscoveryConfig(macLevel, config);
      return read.ok ? "accepted" : read.reason;
    };
    expect(reason("A4CF12B34C5", json)).toMatch(/not 12 hex digits/);
    expect(reason("A4CF12B34C5Z", json)).toMatch(/not 12 hex digits/);
    expect(reason("A4CF12B34C5E", json)).toMatch(/says mac/);
    expect(reason(mac, { ...json, t: "a/b" })).toMatch(/not one topic level/);
    expect(reason(mac, { ...json, t: "a#" })).toMatch(/not one topic level/);
    expect(reason(mac, { ...json, t: "__proto__" })).toMatch(/not one topic level/);
    expect(reason(mac, { ...json, t: "tasmotas" })).toMatch(/group topic/);
    expect(reason(mac, { ...json, ft: "%topic%/%prefix%/" })).toMatch(/FullTopic %prefix%\/%topic%\//);
    expect(reason(mac, { ...json, tp: ["cmd", "stat", "tele"] })).toMatch(/cmnd, stat, tele/);
    const hostile = JSON.parse(`{"so":{"__proto__":{"polluted":1}}}`) as JsonObject;
    expect(reason(mac, { ...json, ...hostile })).toMatch(/__proto__/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(reason(mac.toLowerCase(), json)).toBe("accepted");
  });
});

describe("tasmotaStateValues: a message's values keyed by the capability properties", () => {
  it("STATE of the 5-relay strip, a raw stat/POWER1, a light's RESULT", () => {
    const state = loadFixture("tasmota/state_multi_relay_power1_5.json").json as JsonObject;
    expect(tasmotaStateValues("stat/STATE", state)).toMatchObject({
      POWER1: "ON",
      POWER2: "OFF",
      POWER5: "ON",
      Dimmer: 100,
    });
    expect(tasmotaStateValues("stat/POWER1", "ON")).toEqual({ POWER1: "ON" });
    expect(tasmotaStateValues("stat/POWER2", { POWER2: "OFF" })).toEqual({ POWER2: "OFF" });
    expect(tasmotaStateValues("stat/POWER2", "maybe")).toEqual({});
    const light = loadFixture("tasmota/state_light_rgbww.json").json as JsonObject;
    expect(tasmotaStateValues("tele/STATE", light)).toMatchObject({ Dimmer: expect.any(Number) });
  });

  it("SENSOR fields by path, shutter position, button and switch actions", () => {
    const bme = loadFixture("tasmota/sensor_bme280.json").json as JsonObject;
    expect(tasmotaStateValues("tele/SENSOR", bme)).toEqual({
      "BME280.Temperature": 21.7,
      "BME280.Humidity": 66.6,
      "BME280.Pressure": 988.6,
    });
    const energy = loadFixture("tasmota/sensor_energy_pow_r2.json").json as JsonObject;
    expect(tasmotaStateValues("tele/SENSOR", energy)).toMatchObject({ "ENERGY.Power": 2635, "ENERGY.Today": 0.954 });
    const moving = loadFixture("tasmota/result_shutter_moving.json").json as JsonObject;
    expect(Object.keys(tasmotaStateValues("stat/RESULT", moving))).toContain("Shutter1.Position");
    expect(tasmotaStateValues("stat/RESULT", { Button1: { Action: "SINGLE" } })).toEqual({
      "Button1.Action": "SINGLE",
    });
    expect(tasmotaStateValues("stat/RESULT", { Switch1: { Action: "TOGGLE" } })).toEqual({
      "Switch1.Action": "TOGGLE",
    });
    const hostile = JSON.parse(`{"__proto__":{"Temperature":1},"X":{"__proto__":2,"T":3}}`) as JsonObject;
    const values = tasmotaStateValues("tele/SENSOR", hostile);
    expect(values).toEqual({ "X.T": 3 });
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
  });
});

/** A link the router subscribes on; `device(topic, payload)` delivers a message to the filters it matches (`#` too). */
function fakeLink() {
  const handlers: { filter: string; handler: MessageHandler }[] = [];
  const matches = (filter: string, topic: string) => {
    const f = filter.split("/");
    const t = topic.split("/");
    return (
      f.every((part, i) => part === "#" || (i < t.length && (part === "+" || part === t[i]))) &&
      (f.at(-1) === "#" || f.length === t.length)
    );
  };
  const link: BrokerLink = {
    description: "fake",
    publish: () => undefined,
    subscribe: (filter, handler) => void handlers.push({ filter, handler }),
    publishCommand: async () => undefined,
    close: async () => undefined,
  };
  const device = (topic: string, payload: Buffer | string) =>
    handlers.filter((h) => matches(h.filter, topic)).forEach((h) => h.handler(topic, Buffer.from(payload)));
  return { link, device };
}

describe("followTasmota with discovery: the registry and onValues", () => {
  const config = loadFixture("tasmota/discovery_relay2_bme280_config.json");
  const sensors = loadFixture("tasmota/discovery_relay2_bme280_sensors.json");
  const id = "tasmota:tasmota_B34C5D";

  it("sensors before config (retained order): the /sensors readings are the first values, then each message's, keyed by the capability properties it lists", () => {
    const { link, device } = fakeLink();
    const registry = new DeviceRegistry();
    const values: [string, Record<string, unknown>][] = [];
    followTasmota(
      registry,
      new DeviceRouter(link),
      new Map(),
      () => new Date(),
      (who, said) => values.push([who, said]),
    );
    device(sensors.topic, sensors.payload);
    device(config.topic, config.payload);
    const properties = new Set(leaves(registry.get(id)?.capabilities ?? []).map((leaf) => leaf.split("|")[1]));
    expect([...properties]).toEqual(
      expect.arrayContaining(["POWER1", "POWER2", "BME280.Temperature", "Button1.Action"]),
    );
    device("stat/tasmota_B34C5D/POWER2", "ON");
    device("tele/tasmota_B34C5D/SENSOR", loadFixture("tasmota/sensor_bme280.json").payload);
    device("stat/tasmota_B34C5D/RESULT", `{"Button1":{"Action":"DOUBLE"}}`);
    expect(values).toEqual([
      [id, { "BME280.Temperature": 21.7, "BME280.Humidity": 66.6, "BME280.Pressure": 988.6 }],
      [id, { POWER2: "ON" }],
      [id, { "BME280.Temperature": 21.7, "BME280.Humidity": 66.6, "BME280.Pressure": 988.6 }],
      [id, { "Button1.Action": "DOUBLE" }],
    ]);
    for (const [, said] of values) for (const key of Object.keys(said)) expect(properties.has(key), key).toBe(true);
  });

  it("a household-declared device takes its discovery and keeps what the file says when the discovery is withdrawn", () => {
    const { link, device } = fakeLink();
    const registry = new DeviceRegistry();
    const declared = tasmotaMemory();
    declared.power.add("POWER1");
    followTasmota(registry, new DeviceRouter(link), new Map([["tasmota_B34C5D", declared]]));
    expect(leaves(registry.get(id)?.capabilities ?? [])).toEqual(["l1|POWER1|state"]);
    device(config.topic, config.payload);
    expect(leaves(registry.get(id)?.capabilities ?? [])).toContain("l2|POWER2|state");
    device(config.topic, "");
    expect(leaves(registry.get(id)?.capabilities ?? [])).toEqual(["l1|POWER1|state"]);
  });
});
