import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICES_PATH, DevicesAnswerSchema, type Device } from "../../contract/devices";
import { loadFixture } from "../testing/fixtures";
import {
  call,
  connectDevice,
  freePort,
  jsonOf,
  login,
  startTestHub,
  tempDir,
  until,
  type TestHub,
} from "../testing/harness";

/** A household with one multi-relay Tasmota switch device and one Tasmota garage shutter. */
const HOUSEHOLD = {
  switches: [{ name: "lampka2", label: "Lampka 2", purpose: "light", device: "GD-30W", relay: 2 }],
  garage: [{ door: "garage", label: "Garaż", room: "Garaż", device: "garaz", shutter: 1 }],
};

/** The Zigbee2MQTT bridge/devices fixture: a real 2.x payload (IKEA, Philips, Aqara, a multi-endpoint zigfred). */
const BRIDGE_DEVICES = loadFixture("zigbee2mqtt/bridge_devices.json");
type Z2mEntry = { friendly_name: string; type: string; definition: { exposes: unknown[] } | null };
const entries = BRIDGE_DEVICES.json as Z2mEntry[];
const exposesOf = (name: string) => entries.find((entry) => entry.friendly_name === name)?.definition?.exposes;

describe("the device registry, fed by real Zigbee2MQTT and Tasmota messages through a real hub and broker", () => {
  let hub: TestHub;
  let cookie: string;
  const clients: MqttClient[] = [];

  const devices = async (): Promise<Device[]> => {
    const response = await call(hub, "GET", `/api/v2${DEVICES_PATH}`, { cookie });
    expect(response.status).toBe(200);
    return (await jsonOf(response, DevicesAnswerSchema)).items;
  };
  const device = async (id: string): Promise<Device | undefined> => (await devices()).find((item) => item.id === id);
  const publishAs = async (name: string, topic: string, payload: Buffer | string, retain = false) => {
    const client = await connectDevice(hub, name);
    clients.push(client);
    await client.publishAsync(topic, payload, { qos: 1, retain });
  };

  beforeAll(async () => {
    const dir = tempDir("devices-registry-");
    const file = join(dir, "household.json");
    writeFileSync(file, JSON.stringify(HOUSEHOLD));
    hub = await startTestHub({ householdConfigPath: file, mqttPort: await freePort() });
    cookie = await login(hub);
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await hub.cleanup();
  });

  it("GET /devices needs a session", async () => {
    const response = await call(hub, "GET", `/api/v2${DEVICES_PATH}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "AUTH_NO_SESSION" });
  });

  it("the household's Tasmota switch and shutter devices are listed before they speak, with what the file says", async () => {
    const listed = await devices();
    expect(listed.map((item) => [item.id, item.availability, item.lastSeen])).toEqual([
      ["tasmota:GD-30W", "unknown", null],
      ["tasmota:garaz", "unknown", null],
    ]);
    expect(listed[0]?.capabilities).toEqual([
      {
        type: "switch",
        endpoint: "l2",
        features: [
          {
            type: "binary",
            name: "state",
            property: "POWER2",
            access: 3,
            endpoint: "l2",
            value_on: "ON",
            value_off: "OFF",
            value_toggle: "TOGGLE",
          },
        ],
      },
    ]);
    expect(listed[1]?.capabilities[0]).toMatchObject({ type: "cover", endpoint: "s1" });
  });

  it("Zigbee2MQTT's retained bridge/devices: every device but the coordinator, its exposes passed through 1:1", async () => {
    await publishAs("zigbee2mqtt", BRIDGE_DEVICES.topic, BRIDGE_DEVICES.payload, true);
    await until(() => hub.devices.registry.ofSource("zigbee2mqtt").length === 4);
    const listed = (await devices()).filter((item) => item.source === "zigbee2mqtt");
    expect(listed.map((item) => item.id)).toEqual([
      "zigbee2mqtt:bulb",
      "zigbee2mqtt:bulb_color_2",
      "zigbee2mqtt:weather_sensor",
      "zigbee2mqtt:zigfred_plus",
    ]);
    for (const item of listed) expect(item.capabilities).toEqual(exposesOf(item.name));
    const bulb = listed[0];
    expect(bulb).toMatchObject({
      model: "LED1545G12",
      vendor: "IKEA",
      description: "TRADFRI bulb E26/E27, white spectrum, globe, opal, 980 lm",
      availability: "unknown",
      lastSeen: null,
    });
    expect(bulb?.capabilities[0]?.type).toBe("light");
    // The multi-endpoint switch: lights l1..l5 and covers l6, l7, each feature with its endpoint-suffixed property.
    const zigfred = listed[3];
    expect(zigfred?.capabilities.map((item) => `${item.type}:${item.endpoint ?? "-"}`)).toEqual([
      "enum:-",
      "light:l1",
      "light:l2",
      "light:l3",
      "light:l4",
      "light:l5",
      "cover:l6",
      "cover:l7",
      "numeric:-",
    ]);
    expect(zigfred?.capabilities[2]?.features?.[0]).toMatchObject({ name: "state", property: "state_l2", access: 7 });
    const sensor = listed[2];
    expect(sensor?.capabilities.find((item) => item.name === "temperature")).toMatchObject({
      type: "numeric",
      unit: "°C",
      access: 1,
    });
  });

  it("Zigbee2MQTT availability (JSON and legacy text) and last seen from a state payload", async () => {
    const online = loadFixture("zigbee2mqtt/availability_json_online.json");
    await publishAs("zigbee2mqtt", "zigbee2mqtt/bulb/availability", online.payload, true);
    const legacy = loadFixture("zigbee2mqtt/availability_legacy_online.json", "weather_sensor");
    await publishAs("zigbee2mqtt", legacy.topic, legacy.payload, true);
    const offline = loadFixture("zigbee2mqtt/availability_json_offline.json");
    await publishAs("zigbee2mqtt", "zigbee2mqtt/bulb_color_2/availability", offline.payload, true);
    const before = Date.now();
    const state = loadFixture("zigbee2mqtt/state_weather_sensor.json");
    await publishAs("zigbee2mqtt", "zigbee2mqtt/weather_sensor", state.payload);
    await until(() => hub.devices.registry.get("zigbee2mqtt:weather_sensor")?.lastSeen !== null);
    expect((await device("zigbee2mqtt:bulb"))?.availability).toBe("online");
    expect((await device("zigbee2mqtt:bulb_color_2"))?.availability).toBe("offline");
    const sensor = await device("zigbee2mqtt:weather_sensor");
    expect(sensor?.availability).toBe("online");
    expect(Date.parse(sensor?.lastSeen ?? "")).toBeGreaterThanOrEqual(before - 1000);
  });

  it("a Tasmota multi-relay STATE (GD-30W, POWER1..5 + Dimmer): one switch per relay with endpoints l1..l5", async () => {
    const state = loadFixture("tasmota/state_multi_relay_power1_5.json");
    await publishAs("GD-30W", state.topic, state.payload);
    await until(() => hub.devices.registry.get("tasmota:GD-30W")?.lastSeen !== null);
    const strip = await device("tasmota:GD-30W");
    expect(strip?.capabilities.map((item) => `${item.type}:${item.endpoint ?? "-"}`)).toEqual([
      "switch:l1",
      "switch:l2",
      "switch:l3",
      "switch:l4",
      "switch:l5",
      "light:-",
    ]);
    expect(strip?.capabilities[1]?.features).toEqual([
      {
        type: "binary",
        name: "state",
        property: "POWER2",
        access: 3,
        endpoint: "l2",
        value_on: "ON",
        value_off: "OFF",
        value_toggle: "TOGGLE",
      },
    ]);
    expect(strip?.capabilities[5]?.features?.map((item) => item.name)).toEqual(["brightness"]);
    expect(strip?.lastSeen).not.toBeNull();
  });

  it("a one-relay Tasmota STATE is a plain switch; an RGBWW bulb's STATE is a light with state, brightness, color_temp, color", async () => {
    const relay = loadFixture("tasmota/state_single_relay.json");
    await publishAs("demo-sensor", relay.topic, relay.payload);
    const bulb = loadFixture("tasmota/state_light_rgbww.json");
    await publishAs("bulb02", bulb.topic, bulb.payload);
    await until(() => (hub.devices.registry.get("tasmota:bulb02")?.capabilities.length ?? 0) > 0);
    await until(() => (hub.devices.registry.get("tasmota:demo-sensor")?.capabilities.length ?? 0) > 0);
    expect((await device("tasmota:demo-sensor"))?.capabilities).toEqual([
      {
        type: "switch",
        features: [
          {
            type: "binary",
            name: "state",
            property: "POWER",
            access: 3,
            value_on: "ON",
            value_off: "OFF",
            value_toggle: "TOGGLE",
          },
        ],
      },
    ]);
    const light = (await device("tasmota:bulb02"))?.capabilities;
    expect(light?.map((item) => item.type)).toEqual(["light"]);
    expect(light?.[0]?.features?.map((item) => [item.name, item.property, item.value_min, item.value_max])).toEqual([
      ["state", "POWER", undefined, undefined],
      ["brightness", "Dimmer", 0, 100],
      ["color_temp", "CT", 153, 500],
      ["color", "Color", undefined, undefined],
    ]);
  });

  it("Tasmota SENSOR fields are read-only numerics with units, a shutter is a cover, the LWT is availability", async () => {
    const sensor = loadFixture("tasmota/sensor_bme280.json", "balkon");
    await publishAs("balkon", sensor.topic, sensor.payload);
    const lwt = loadFixture("tasmota/lwt_online.json");
    await publishAs("balkon", "tele/balkon/LWT", lwt.payload);
    const shutter = loadFixture("tasmota/result_shutter_at_rest.json", "garaz");
    await publishAs("garaz", shutter.topic, shutter.payload);
    await until(() => hub.devices.registry.get("tasmota:balkon")?.availability === "online");
    await until(() => hub.devices.registry.get("tasmota:garaz")?.lastSeen !== null);
    const balkon = await device("tasmota:balkon");
    expect(balkon?.capabilities).toEqual([
      {
        type: "numeric",
        name: "temperature",
        property: "BME280.Temperature",
        access: 1,
        endpoint: "BME280",
        unit: "°C",
      },
      { type: "numeric", name: "humidity", property: "BME280.Humidity", access: 1, endpoint: "BME280", unit: "%" },
      { type: "numeric", name: "pressure", property: "BME280.Pressure", access: 1, endpoint: "BME280", unit: "hPa" },
    ]);
    const cover = (await device("tasmota:garaz"))?.capabilities[0];
    expect(cover).toMatchObject({ type: "cover", endpoint: "s1" });
    expect(cover?.features?.map((item) => [item.name, item.property, item.access])).toEqual([
      ["state", "Shutter1", 2],
      ["position", "Shutter1.Position", 3],
    ]);
  });
});
