import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adoptionPath, type AdoptionInput } from "../../../contract/adoption";
import { CONFIG_PATH, ConfigAnswerSchema } from "../../../contract/config";
import {
  DEVICES_PATH,
  DeviceAlertSchema,
  DevicesAnswerSchema,
  deviceAlertTopic,
  type DeviceAlert,
} from "../../../contract/devices";
import {
  DoorStatePayloadSchema,
  GarageCommandAnswerSchema,
  garagePath,
  garageStateTopic,
} from "../../../contract/garage";
import { EVENTS_DAY_PATH, EventsDayAnswerSchema, dayOf } from "../../../contract/history";
import { DEFAULT_API_BASES } from "../../../contract/paths";
import { SENSORS_PATH, SensorListSchema, SensorReadingSchema } from "../../../contract/sensors";
import { SWITCHES_PATH, SwitchSetAnswerSchema, SwitchesAnswerSchema, switchSetPath } from "../../../contract/switches";
import { loadFixture } from "../../testing/fixtures";
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
  type TestHub,
  nextJson,
} from "../../testing/harness";

const GENERAL = DEFAULT_API_BASES.general;

/** The household's adoptions (contract/adoption.ts), as the household file's `devices` section holds them. */
const ADOPTIONS: Record<string, AdoptionInput> = {
  "zigbee2mqtt:Balcony climate": {
    room: "Balkon",
    use: { as: "sensor", kind: "temp", place: "balcony", property: "temperature" },
  },
  "zigbee2mqtt:Hall motion": {
    label: "Ruch w korytarzu",
    room: "Korytarz",
    use: { as: "sensor", kind: "occupancy", place: "hall", property: "occupancy" },
  },
  "zigbee2mqtt:Kitchen plug": {
    label: "Czajnik",
    room: "Kuchnia",
    purpose: "kettle",
    use: { as: "switch", name: "czajnik" },
  },
  "zigbee2mqtt:Hall relay": { label: "Lampa w korytarzu", use: { as: "switch", name: "hall_l2", endpoint: "l2" } },
  "zigbee2mqtt:Bathroom leak": { label: "Zalanie w łazience", room: "Łazienka" },
  "zigbee2mqtt:Cellar leak": { label: "Piwnica", hidden: true },
  "zigbee2mqtt:Bedroom blind": { label: "Brama garażowa", room: "Garaż", use: { as: "garage" } },
};

function householdFile(): string {
  const file = join(tempDir("uses-"), "household.json");
  writeFileSync(file, JSON.stringify({ sensors: [], switches: [], switchesList: [], devices: ADOPTIONS }));
  return file;
}

/** The state `name` publishes in the fixture, with `change` laid over it, as Zigbee2MQTT's payload bytes. */
function stateOf(name: string, change: Record<string, unknown> = {}): string {
  const states = loadFixture("zigbee2mqtt/household_states.json").json as Record<string, Record<string, unknown>>;
  return JSON.stringify({ ...states[name], ...change });
}

describe("adopted Zigbee2MQTT devices on the spec's screens, from the gateway's own payloads", () => {
  let hub: TestHub;
  let cookie: string;
  let gateway: MqttClient;
  let browser: MqttClient;

  beforeAll(async () => {
    hub = await startTestHub({ householdConfigPath: householdFile(), mqttPort: await freePort() });
    cookie = await login(hub);
    gateway = await connectDevice(hub, "zigbee2mqtt");
    // The gateway reads every device's commands, as Zigbee2MQTT subscribes to `<base>/+/set`.
    await gateway.subscribeAsync("zigbee2mqtt/+/set", { qos: 1 });
    browser = await connectBrowser(hub, cookie);
    const devices = loadFixture("zigbee2mqtt/bridge_devices_household.json");
    await gateway.publishAsync(devices.topic, devices.payload, { qos: 1, retain: true });
    const listed = async () =>
      (await jsonOf(await call(hub, "GET", `${GENERAL}${DEVICES_PATH}`, { cookie }), DevicesAnswerSchema)).items.map(
        (item) => item.id,
      );
    for (let tries = 0; !(await listed()).includes("zigbee2mqtt:Hall relay"); tries++) {
      if (tries > 50) throw new Error("the gateway's devices were not listed");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    gateway.end(true);
    browser.end(true);
    await hub.cleanup();
  });

  it("an adopted climate sensor's temperature reaches sensor/temp/balcony, GET /config/sensors and the day's history", async () => {
    const weather = loadFixture("zigbee2mqtt/state_weather_sensor.json", "Balcony climate");
    const reading = nextJson(browser, "sensor/temp/balcony", SensorReadingSchema, (value) => value.value === 22.4);
    await gateway.publishAsync("zigbee2mqtt/Balcony climate", weather.payload, { qos: 1 });
    expect((await reading).value).toBe(22.4);

    const sensors = await jsonOf(await call(hub, "GET", `${GENERAL}${SENSORS_PATH}`, { cookie }), SensorListSchema);
    expect(sensors.items).toContainEqual({
      id: "zigbee2mqtt:Balcony climate",
      kind: "temp",
      place: "balcony",
      label: "Balcony climate",
      room: "Balkon",
      source: { type: "zigbee2mqtt", device: "Balcony climate", property: "temperature" },
    });

    const query = `day=${dayOf(Date.now())}&event=temp&device=balcony&bucket=60`;
    const day = await jsonOf(
      await call(hub, "GET", `${GENERAL}${EVENTS_DAY_PATH}?${query}`, { cookie }),
      EventsDayAnswerSchema,
    );
    expect(day.items).toEqual([expect.objectContaining({ event: "temp", device: "balcony", min: 22.4, max: 22.4 })]);
  });

  it("an adopted motion sensor reads Zigbee2MQTT's occupancy true/false as 1/0 on sensor/occupancy/hall", async () => {
    const moving = nextJson(browser, "sensor/occupancy/hall", SensorReadingSchema, (value) => value.value === 1);
    await gateway.publishAsync("zigbee2mqtt/Hall motion", stateOf("Hall motion", { occupancy: true }), { qos: 1 });
    expect((await moving).value).toBe(1);
    const still = nextJson(browser, "sensor/occupancy/hall", SensorReadingSchema, (value) => value.value === 0);
    await gateway.publishAsync("zigbee2mqtt/Hall motion", stateOf("Hall motion"), { qos: 1 });
    expect((await still).value).toBe(0);
  });

  it("an adopted plug is a switch: in GET /config/switches and its room's group, its state on power/czajnik/POWER, pressed through zigbee2mqtt/<name>/set", async () => {
    const switches = await jsonOf(
      await call(hub, "GET", `${GENERAL}${SWITCHES_PATH}`, { cookie }),
      SwitchesAnswerSchema,
    );
    expect(switches.items).toEqual([
      { name: "hall_l2", label: "Lampa w korytarzu", purpose: null },
      { name: "czajnik", label: "Czajnik", purpose: "kettle" },
    ]);
    const config = await jsonOf(await call(hub, "GET", `${GENERAL}${CONFIG_PATH}`, { cookie }), ConfigAnswerSchema);
    expect(config.item.switchesList).toEqual([{ name: "Kuchnia", items: ["czajnik"] }]);

    const on = nextMessage(browser, "power/czajnik/POWER", 5000, (payload) => payload === '{"state":"ON"}');
    await gateway.publishAsync("zigbee2mqtt/Kitchen plug", stateOf("Kitchen plug"), { qos: 1 });
    expect((await on).payload).toBe('{"state":"ON"}');

    const sent = nextMessage(gateway, "zigbee2mqtt/Kitchen plug/set");
    const pressed = await call(hub, "POST", `${GENERAL}${switchSetPath("czajnik")}`, {
      cookie,
      body: { state: "OFF" },
    });
    expect(pressed.status).toBe(200);
    expect((await jsonOf(pressed, SwitchSetAnswerSchema)).item).toEqual({
      name: "czajnik",
      relay: 0,
      command: "POWER",
      state: "OFF",
    });
    expect(JSON.parse((await sent).payload)).toEqual({ state: "OFF" });

    const off = nextMessage(browser, "power/czajnik/POWER", 5000, (payload) => payload === '{"state":"OFF"}');
    await gateway.publishAsync("zigbee2mqtt/Kitchen plug", stateOf("Kitchen plug", { state: "OFF" }), { qos: 1 });
    expect((await off).payload).toBe('{"state":"OFF"}');

    const relay = await call(hub, "POST", `${GENERAL}${switchSetPath("czajnik")}`, {
      cookie,
      body: { relay: 2, state: "ON" },
    });
    expect(relay.status).toBe(400);
  });

  it("an adopted plug's availability is its switch's: availability/czajnik follows zigbee2mqtt/<name>/availability", async () => {
    const offline = nextMessage(browser, "availability/czajnik", 5000, (payload) => payload === '{"state":"offline"}');
    const message = loadFixture("zigbee2mqtt/availability_json_offline.json");
    await gateway.publishAsync("zigbee2mqtt/Kitchen plug/availability", message.payload, { qos: 1 });
    expect((await offline).payload).toBe('{"state":"offline"}');
    const online = nextMessage(browser, "availability/czajnik", 5000, (payload) => payload === '{"state":"online"}');
    const back = loadFixture("zigbee2mqtt/availability_json_online.json");
    await gateway.publishAsync("zigbee2mqtt/Kitchen plug/availability", back.payload, { qos: 1 });
    expect((await online).payload).toBe('{"state":"online"}');
  });

  it("an adopted relay's second endpoint is its own switch: state_l2 on power/hall_l2/POWER, commands as state_l2", async () => {
    const shown = nextMessage(browser, "power/hall_l2/POWER", 5000, (payload) => payload === '{"state":"OFF"}');
    await gateway.publishAsync("zigbee2mqtt/Hall relay", stateOf("Hall relay"), { qos: 1 });
    expect((await shown).payload).toBe('{"state":"OFF"}');
    const sent = nextMessage(gateway, "zigbee2mqtt/Hall relay/set");
    const pressed = await call(hub, "POST", `${GENERAL}${switchSetPath("hall_l2")}`, { cookie, body: { state: "ON" } });
    expect(pressed.status).toBe(200);
    expect(JSON.parse((await sent).payload)).toEqual({ state_l2: "ON" });
  });

  it("a leak sensor reporting water_leak raises alert/leak/<id> with its label and room, and clears it", async () => {
    const topic = deviceAlertTopic("leak", "zigbee2mqtt:Bathroom leak");
    const raised = nextJson<DeviceAlert>(browser, topic, DeviceAlertSchema, (alert) => alert.active);
    await gateway.publishAsync("zigbee2mqtt/Bathroom leak", stateOf("Bathroom leak", { water_leak: true }), { qos: 1 });
    const alert = await raised;
    expect(alert).toMatchObject({
      active: true,
      device: "zigbee2mqtt:Bathroom leak",
      label: "Zalanie w łazience",
      room: "Łazienka",
    });
    expect(Date.now() - Date.parse(alert.since)).toBeLessThan(10_000);

    const cleared = nextJson<DeviceAlert>(browser, topic, DeviceAlertSchema, (value) => !value.active);
    await gateway.publishAsync("zigbee2mqtt/Bathroom leak", stateOf("Bathroom leak"), { qos: 1 });
    expect(await cleared).toMatchObject({ active: false, device: "zigbee2mqtt:Bathroom leak" });
  });

  it("a device nobody adopted raises its alarm under its own name; a hidden one raises none", async () => {
    const topic = deviceAlertTopic("smoke", "zigbee2mqtt:Kitchen smoke");
    const raised = nextJson<DeviceAlert>(browser, topic, DeviceAlertSchema, (alert) => alert.active);
    await gateway.publishAsync("zigbee2mqtt/Kitchen smoke", stateOf("Kitchen smoke", { smoke: true }), { qos: 1 });
    const alert = await raised;
    expect(alert).toMatchObject({ active: true, device: "zigbee2mqtt:Kitchen smoke", label: "Kitchen smoke" });
    expect(alert.room).toBeUndefined();

    const hidden = nextMessage(browser, deviceAlertTopic("leak", "zigbee2mqtt:Cellar leak"), 1000);
    await gateway.publishAsync("zigbee2mqtt/Cellar leak", stateOf("Bathroom leak", { water_leak: true }), { qos: 1 });
    await expect(hidden).rejects.toThrow(/no message/);
  });

  it("a cover adopted as the garage door drives the garage screen: its position on garage/garage/state, open/close/stop/toggle as its state", async () => {
    const shown = nextJson(
      browser,
      garageStateTopic("garage"),
      DoorStatePayloadSchema,
      (state) => state.position === 100,
    );
    await gateway.publishAsync("zigbee2mqtt/Bedroom blind", stateOf("Bedroom blind"), { qos: 1 });
    expect(await shown).toMatchObject({
      label: "Brama garażowa",
      room: "Garaż",
      state: "open",
      position: 100,
      device: "Bedroom blind",
    });

    const sent = nextMessage(gateway, "zigbee2mqtt/Bedroom blind/set");
    const garage = DEFAULT_API_BASES.garage;
    const closed = await call(hub, "POST", `${garage}${garagePath("garage", "close")}`, { cookie });
    expect(closed.status).toBe(200);
    expect((await jsonOf(closed, GarageCommandAnswerSchema)).item).toMatchObject({ door: "garage", command: "close" });
    expect(JSON.parse((await sent).payload)).toEqual({ state: "CLOSE" });

    const closing = nextJson(
      browser,
      garageStateTopic("garage"),
      DoorStatePayloadSchema,
      (state) => state.position === 40,
    );
    await gateway.publishAsync("zigbee2mqtt/Bedroom blind", stateOf("Bedroom blind", { position: 40 }), { qos: 1 });
    expect(await closing).toMatchObject({ state: "stopped", position: 40 });

    const reversed = nextMessage(gateway, "zigbee2mqtt/Bedroom blind/set");
    const toggled = await call(hub, "POST", `${garage}${garagePath("garage", "toggle")}`, { cookie });
    expect(toggled.status).toBe(200);
    expect(JSON.parse((await reversed).payload)).toEqual({ state: "CLOSE" });
    const held = await call(hub, "POST", `${garage}${garagePath("garage", "constantStop")}`, {
      cookie,
      body: { value: true },
    });
    expect(held.status).toBe(409);
    const gate = await call(hub, "POST", `${garage}${garagePath("gate", "open")}`, { cookie });
    expect(gate.status).toBe(404);
  });

  it("an adoption saved with PUT /devices/{id}/adoption applies at the device's next message, without a restart", async () => {
    const id = "zigbee2mqtt:Kitchen smoke";
    const saved = await call(hub, "PUT", `${GENERAL}${adoptionPath(id)}`, {
      cookie,
      body: {
        label: "Dym w kuchni",
        room: "Kuchnia",
        use: { as: "sensor", kind: "smoke", place: "kitchen", property: "smoke" },
      },
    });
    expect(saved.status).toBe(200);
    const reading = nextJson(browser, "sensor/smoke/kitchen", SensorReadingSchema, (value) => value.value === 0);
    await gateway.publishAsync("zigbee2mqtt/Kitchen smoke", stateOf("Kitchen smoke"), { qos: 1 });
    expect((await reading).value).toBe(0);
    const sensors = await jsonOf(await call(hub, "GET", `${GENERAL}${SENSORS_PATH}`, { cookie }), SensorListSchema);
    expect(sensors.items).toContainEqual(
      expect.objectContaining({ id, kind: "smoke", place: "kitchen", label: "Dym w kuchni", room: "Kuchnia" }),
    );
  });
});
