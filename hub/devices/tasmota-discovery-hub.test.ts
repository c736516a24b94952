import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICES_PATH, DevicesAnswerSchema, type Capability, type Device } from "../../contract/devices";
import { startMosquitto, type TestMosquitto } from "../../tests/e2e/support/mosquitto";
import { MqttUserStore } from "../broker/mqtt-users";
import { openDb } from "../domains";
import { loadFixture } from "../testing/fixtures";
import {
  call,
  connectMqtt,
  deviceLogin,
  freePort,
  jsonOf,
  login,
  startTestHub,
  until,
  type TestHub,
} from "../testing/harness";

// A Tasmota Sonoff Dual R2 with a BME280, as it comes out of the box: its MQTT user made with no
// topic, it connects, says LWT Online, subscribes to its commands and announces itself by its
// native discovery; the hub lists it with its relays and sensor fields, and switches its relay 2.

const CONFIG = loadFixture("tasmota/discovery_relay2_bme280_config.json");
const SENSORS = loadFixture("tasmota/discovery_relay2_bme280_sensors.json");
const MAC = "A4CF12B34C5D";
const TOPIC = "tasmota_B34C5D";
const ID = `tasmota:${TOPIC}`;
const STATE = loadFixture("tasmota/state_multi_relay_power1_5.json");
const SENSOR = loadFixture("tasmota/sensor_bme280.json", TOPIC);
const ONLINE = loadFixture("tasmota/lwt_online.json");

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

/** What Tasmota does as it connects (xdrv_02_9_mqtt.ino MqttConnected, xdrv_12_discovery.ino TasDiscovery). */
async function announce(device: MqttClient, commands: string[]): Promise<void> {
  device.on("message", (topic, payload) => commands.push(`${topic} ${payload.toString("utf8")}`));
  await device.publishAsync(`tele/${TOPIC}/LWT`, ONLINE.payload, { qos: 1, retain: true });
  const granted = await device.subscribeAsync([`cmnd/${TOPIC}/#`, "cmnd/tasmotas/#"], { qos: 1 });
  expect(granted.map((grant) => grant.qos)).toEqual([1, 1]);
  await device.publishAsync(CONFIG.topic, CONFIG.payload, { qos: 1, retain: true });
  await device.publishAsync(SENSORS.topic, SENSORS.payload, { qos: 1, retain: true });
  await device.publishAsync(`tele/${TOPIC}/STATE`, STATE.payload, { qos: 1 });
  await device.publishAsync(SENSOR.topic, SENSOR.payload, { qos: 1 });
}

async function devices(hub: TestHub, cookie: string): Promise<Device[]> {
  const response = await call(hub, "GET", `/api/v2${DEVICES_PATH}`, { cookie });
  expect(response.status).toBe(200);
  return (await jsonOf(response, DevicesAnswerSchema)).items;
}

const leaves = (capabilities: readonly Capability[]): Capability[] =>
  capabilities.flatMap((capability) => (capability.features ? leaves(capability.features) : [capability]));

/** What a caller sees of the Dual R2 on GET /devices: relays with their fn labels, BME280 fields with units. */
async function seesTheDevice(hub: TestHub, cookie: string): Promise<void> {
  await until(() => leaves(hub.devices.registry.get(ID)?.capabilities ?? []).length >= 8);
  const device = (await devices(hub, cookie)).find((d) => d.id === ID);
  expect(device).toMatchObject({ source: "tasmota", name: TOPIC, model: "Sonoff Dual R2", availability: "online" });
  const byProperty = new Map(leaves(device?.capabilities ?? []).map((leaf) => [leaf.property, leaf]));
  expect(byProperty.get("POWER1")).toMatchObject({ name: "state", endpoint: "l1", label: "Lampa", access: 3 });
  expect(byProperty.get("POWER2")).toMatchObject({ name: "state", endpoint: "l2", label: "Wentylator", access: 3 });
  // Discovery says two relays: the five POWER keys of the STATE it sent do not add any.
  expect(byProperty.has("POWER3")).toBe(false);
  expect(byProperty.get("BME280.Temperature")).toMatchObject({ type: "numeric", unit: "°C", access: 1 });
  expect(byProperty.get("BME280.Humidity")?.unit).toBe("%");
  expect(byProperty.get("BME280.Pressure")?.unit).toBe("hPa");
  expect(byProperty.get("Button1.Action")).toMatchObject({ type: "enum", name: "action", access: 1 });
}

/** Relay 2 switched through the devices service: exactly `cmnd/<t>/POWER2 ON` reaches the device. */
async function switchesRelay2(hub: TestHub, commands: string[]): Promise<void> {
  commands.length = 0;
  const sent = await hub.devices.commands.set(ID, { property: "state", endpoint: "l2" }, "ON");
  expect(sent).toEqual({ topic: `cmnd/${TOPIC}/POWER2`, payload: "ON" });
  await until(() => commands.length > 0);
  await settle();
  expect(commands).toEqual([`cmnd/${TOPIC}/POWER2 ON`]);
}

describe("a Tasmota device announces itself by discovery on the embedded broker, its user made with no topic", () => {
  let hub: TestHub;
  let cookie: string;
  let device: MqttClient;
  const commands: string[] = [];
  const others: MqttClient[] = [];

  const connectAs = async (username: string, clientId: string) => {
    const credentials = await deviceLogin(hub, username, { kind: "tasmota", topic: "" });
    const client = await connectMqtt(`mqtt://127.0.0.1:${hub.mqttPort}`, { clientId, ...credentials });
    others.push(client);
    return client;
  };
  const userRow = (username: string) => {
    const db = openDb(hub.dataDir);
    try {
      return new MqttUserStore(db).find(username);
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    hub = await startTestHub({ mqttPort: await freePort() });
    cookie = await login(hub);
    device = await connectAs("salon", "DVES_B34C5D");
    await announce(device, commands);
  });
  afterAll(async () => {
    for (const client of others) client.end(true);
    await hub.cleanup();
  });

  it("GET /devices lists it with its relays (fn labels), buttons and BME280 fields with units", async () => {
    await seesTheDevice(hub, cookie);
  });

  it("its first discovery bound its MAC and its topic to its user, kept in the database", () => {
    expect(userRow("salon")).toMatchObject({ kind: "tasmota", topic: TOPIC, mac: MAC });
  });

  it("relay 2 switched through the devices service is cmnd/tasmota_B34C5D/POWER2 ON, with no hand configuration", async () => {
    await switchesRelay2(hub, commands);
  });

  it("a second device publishing under the first one's MAC, or its topic, is refused; the first stays as it was", async () => {
    const intruder = await connectAs("intruz", "DVES_000001");
    const stolen = { ...(CONFIG.json as Record<string, unknown>), t: "intruz_t", dn: "Intruz" };
    await intruder.publishAsync(CONFIG.topic, JSON.stringify(stolen), { qos: 1, retain: true });
    const sameTopic = { ...(CONFIG.json as Record<string, unknown>), mac: "0000000000AA" };
    await intruder.publishAsync("tasmota/discovery/0000000000AA/config", JSON.stringify(sameTopic), { qos: 1 });
    await intruder.publishAsync(`tele/${TOPIC}/LWT`, "Offline", { qos: 1, retain: true });
    await settle(500);
    const listed = await devices(hub, cookie);
    expect(listed.find((d) => d.id === "tasmota:intruz_t")).toBeUndefined();
    expect(listed.find((d) => d.id === ID)).toMatchObject({ model: "Sonoff Dual R2", availability: "online" });
    expect(userRow("intruz")).toMatchObject({ topic: "", mac: null });
    expect(userRow("salon")).toMatchObject({ topic: TOPIC, mac: MAC });
  });

  it("hostile discovery (bad MAC level, t with / or #, __proto__, over 8 KiB) is refused; the hub and the device go on", async () => {
    const hostile = await connectAs("wrogi", "DVES_000002");
    const base = { ...(CONFIG.json as Record<string, unknown>), mac: "0000000000BB" };
    const topicOf = "tasmota/discovery/0000000000BB/config";
    await hostile.publishAsync("tasmota/discovery/ZZZ/config", JSON.stringify(base), { qos: 1 });
    await hostile.publishAsync(topicOf, JSON.stringify({ ...base, t: "a/b" }), { qos: 1 });
    await hostile.publishAsync(topicOf, JSON.stringify({ ...base, t: "a#" }), { qos: 1 });
    await hostile.publishAsync(topicOf, `{"mac":"0000000000BB","t":"proto_t","so":{"__proto__":{"x":1}}}`, { qos: 1 });
    await hostile.publishAsync(topicOf, JSON.stringify({ ...base, t: "big_t", pad: "x".repeat(9000) }), { qos: 1 });
    await settle(500);
    const ids = (await devices(hub, cookie)).map((d) => d.id);
    expect(ids.filter((id) => /proto_t|big_t|a\/b|a#/.test(id))).toEqual([]);
    expect(userRow("wrogi")).toMatchObject({ topic: "", mac: null });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    await switchesRelay2(hub, commands);
  });

  it("a changed config updates its capabilities without a restart; an empty config removes it", async () => {
    const light = { ...(CONFIG.json as Record<string, unknown>), rl: [1, 2], lt_st: 1 };
    await device.publishAsync(CONFIG.topic, JSON.stringify(light), { qos: 1, retain: true });
    await until(() => hub.devices.registry.get(ID)?.capabilities.some((c) => c.type === "light") === true);
    expect((await devices(hub, cookie)).find((d) => d.id === ID)?.capabilities.map((c) => c.type)).toContain("light");
    await device.publishAsync(CONFIG.topic, "", { qos: 1, retain: true });
    await until(() => hub.devices.registry.get(ID) === undefined);
    expect((await devices(hub, cookie)).some((d) => d.id === ID)).toBe(false);
  });
});

describe("the same device on Mosquitto (hub/examples/mosquitto) as the household broker", () => {
  let mosquitto: TestMosquitto;
  let hub: TestHub;

  beforeAll(async () => {
    mosquitto = await startMosquitto();
    hub = await startTestHub({ mqttUrl: mosquitto.hubUrl, mqttWsUrl: mosquitto.wsUrl });
  });
  afterAll(async () => {
    await hub.cleanup();
    await mosquitto.close();
  });

  it("announces itself, is listed with its relays and BME280, relay 2 switches; the dashboard's user never gets tasmota/discovery", async () => {
    const cookie = await login(hub);
    const browser = await connectMqtt(mosquitto.wsUrl);
    const browserTopics: string[] = [];
    browser.on("message", (topic) => browserTopics.push(topic));
    await browser.subscribeAsync("#");
    const device = await connectMqtt(mosquitto.tcpUrl, {
      clientId: "DVES_B34C5D",
      ...(await mosquitto.deviceLogin(TOPIC)),
    });
    const commands: string[] = [];
    try {
      await settle(200); // the hub's subscriptions are in place
      await announce(device, commands);
      await seesTheDevice(hub, cookie);
      await switchesRelay2(hub, commands);
      expect(browserTopics.filter((topic) => topic.startsWith("tasmota/discovery"))).toEqual([]);
      // It does receive the dashboard's namespace (the demo household's retained topics).
      expect(browserTopics.length).toBeGreaterThan(0);
    } finally {
      device.end(true);
      browser.end(true);
    }
  });

  it("Mosquitto lets any device write discovery: the hub itself refuses and counts hostile configs, and goes on", async () => {
    const cookie = await login(hub);
    const device = await connectMqtt(mosquitto.tcpUrl, {
      clientId: "DVES_000003",
      ...(await mosquitto.deviceLogin("wrogi")),
    });
    const refusedBefore = hub.devices.registry.stats.refused;
    try {
      const base = { ...(CONFIG.json as Record<string, unknown>), mac: "0000000000CC" };
      const topic = "tasmota/discovery/0000000000CC/config";
      await device.publishAsync("tasmota/discovery/XYZ/config", JSON.stringify(base), { qos: 1 });
      await device.publishAsync(topic, JSON.stringify({ ...base, t: "__proto__" }), { qos: 1 });
      await device.publishAsync(topic, JSON.stringify({ ...base, ft: "%topic%/%prefix%/" }), { qos: 1 });
      await device.publishAsync(topic, `{"mac":"0000000000CC","t":"proto_t","so":{"__proto__":{"x":1}}}`, { qos: 1 });
      await device.publishAsync(topic, JSON.stringify({ ...base, t: "big_t", pad: "x".repeat(9000) }), { qos: 1 });
      await until(() => hub.devices.registry.stats.refused >= refusedBefore + 5);
      const reports = hub.devices.registry.reports().join("\n");
      expect(reports).toMatch(/not 12 hex digits/);
      expect(reports).toMatch(/FullTopic %prefix%\/%topic%\//);
      expect(reports).toMatch(/8192/);
      const ids = (await devices(hub, cookie)).map((d) => d.id);
      expect(ids.filter((id) => /proto|big_t|wrogi/.test(id))).toEqual([]);
      expect(ids).toContain(ID);
    } finally {
      device.end(true);
    }
  });
});
