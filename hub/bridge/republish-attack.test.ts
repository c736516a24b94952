import type { MqttClient } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { BridgeStatsAnswerSchema } from "../../contract/bridge";
import { startMosquitto } from "../../tests/e2e/support/mosquitto";
import { loadFixture } from "../testing/fixtures";
import {
  call,
  connectBrowser,
  connectDevice,
  connectMqtt,
  freePort,
  jsonOf,
  login,
  nextMessage,
  startTestHub,
  type TestHub,
} from "../testing/harness";

// The hub's own re-publishes escaped the broker's retained limits: a Zigbee2MQTT user publishing
// 5,000 non-retained `zigbee2mqtt/<made-up>/availability` made the hub publish 5,000 retained
// `availability/<name>` topics (595 KiB at every dashboard). Now the bridge republishes only for
// the household's devices, and what it republishes for a device counts against the retained limits.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const keep = <T extends MqttClient>(client: T): T => {
  cleanups.push(() => void client.end(true));
  return client;
};
async function hubWith(overrides: Parameters<typeof startTestHub>[0] = {}): Promise<TestHub> {
  const hub = await startTestHub({ mqttPort: await freePort(), ...overrides });
  cleanups.push(() => hub.cleanup());
  return hub;
}
const stats = async (hub: TestHub, cookie: string) =>
  (await jsonOf(await call(hub, "GET", "/api/v2/bridge/stats", { cookie }), BridgeStatsAnswerSchema)).item;

/** The retained messages a new dashboard subscriber of `filter` receives within `ms`: topics and bytes (topic + payload). */
async function retainedAt(
  dashboard: MqttClient,
  filter: string,
  ms = 1500,
): Promise<{ topics: Set<string>; bytes: number }> {
  const topics = new Set<string>();
  let bytes = 0;
  dashboard.on("message", (topic, payload, packet) => {
    if (!packet.retain || !topic.startsWith(filter.replace("#", ""))) return;
    topics.add(topic);
    bytes += Buffer.byteLength(topic) + payload.length;
  });
  await dashboard.subscribeAsync(filter, { qos: 0 });
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { topics, bytes };
}

/** Resolves when `client` (already subscribed) receives `payload` on `topic`; rejects after 5 s. */
function payloadOf(client: MqttClient, topic: string, payload: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${payload} on ${topic}`)), 5000);
    const onMessage = (received: string, body: Buffer) => {
      if (received !== topic || body.toString() !== payload) return;
      clearTimeout(timer);
      client.off("message", onMessage);
      resolve();
    };
    client.on("message", onMessage);
  });
}

const ONLINE = loadFixture("zigbee2mqtt/availability_json_online.json").payload;
const FLOOD = 5_000;

/** Publishes the flood: `FLOOD` non-retained availability messages of made-up names, then waits until the broker has them all. */
async function flood(gateway: MqttClient): Promise<void> {
  for (let i = 0; i < FLOOD; i++)
    gateway.publish(`zigbee2mqtt/made_up_${i}/availability`, ONLINE, { qos: 0, retain: false });
  await gateway.publishAsync("zigbee2mqtt/made_up_last/availability", ONLINE, { qos: 1, retain: false }); // after the QoS 0 ones
}

describe("the hub's re-publishes (embedded broker)", () => {
  it("5,000 made-up Zigbee2MQTT availability names leave a dashboard with the household's devices only; a real device's availability still arrives", async () => {
    const hub = await hubWith();
    const cookie = await login(hub);
    const gateway = keep(await connectDevice(hub, "zigbee2mqtt"));
    const before = await stats(hub, cookie);
    await flood(gateway);
    await gateway.publishAsync("zigbee2mqtt/drzwi_wejsciowe/availability", ONLINE, { qos: 1 });

    const dashboard = keep(await connectBrowser(hub, cookie));
    const retained = await retainedAt(dashboard, "availability/#");
    console.log(
      `after ${FLOOD} made-up availability names: ${retained.topics.size} retained availability/ topics, ${retained.bytes} bytes at a dashboard`,
    );
    expect([...retained.topics]).toEqual(["availability/drzwi_wejsciowe"]);
    const after = await stats(hub, cookie);
    expect(after.unknownDevice - before.unknownDevice).toBe(FLOOD + 1);
    expect(after.published - before.published).toBe(1);

    // A household device going offline still reaches the dashboard live.
    const offline = payloadOf(dashboard, "availability/drzwi_wejsciowe", '{"state":"offline"}');
    await gateway.publishAsync(
      "zigbee2mqtt/drzwi_wejsciowe/availability",
      loadFixture("zigbee2mqtt/availability_json_offline.json").payload,
      { qos: 1 },
    );
    await offline;
  }, 60_000);

  it("a household Tasmota device's LWT still becomes availability/<t>, and a made-up Tasmota topic's does not (anonymous device)", async () => {
    const hub = await hubWith({ mqttAllowAnonymous: true });
    const anonymous = keep(await connectMqtt(`mqtt://127.0.0.1:${hub.mqttPort}`));
    const lwt = loadFixture("tasmota/lwt_online.json");
    for (let i = 0; i < 200; i++) anonymous.publish(`tele/fake_${i}/LWT`, lwt.payload, { qos: 0 });
    await anonymous.publishAsync("tele/listwa/LWT", lwt.payload, { qos: 1, retain: true });
    const dashboard = keep(await connectBrowser(hub));
    const retained = await retainedAt(dashboard, "availability/#", 800);
    expect([...retained.topics]).toEqual(["availability/listwa"]);
    const passThrough = await retainedAt(keep(await connectBrowser(hub)), "tasmota/#", 800);
    expect([...passThrough.topics]).toEqual(["tasmota/tele/listwa/LWT"]);
  });

  it("a Zigbee2MQTT light found in the gateway's real bridge/devices (not in the household file) keeps its availability; a sensor it lists does not get one", async () => {
    const hub = await hubWith();
    const gateway = keep(await connectDevice(hub, "zigbee2mqtt"));
    const devices = loadFixture("zigbee2mqtt/bridge_devices.json");
    await gateway.publishAsync(devices.topic, devices.payload, { qos: 1, retain: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const name of ["bulb", "weather_sensor"])
      await gateway.publishAsync(`zigbee2mqtt/${name}/availability`, ONLINE, { qos: 1 });
    const retained = await retainedAt(keep(await connectBrowser(hub)), "availability/#", 800);
    expect([...retained.topics]).toEqual(["availability/bulb"]);
  });

  it("what the hub republishes for one household device counts against the retained limits per device and in all, counted and kept within them", async () => {
    const hub = await hubWith({ mqttLimits: { maxRetainedPerClient: 10, maxRetainedTotal: 15 } });
    const cookie = await login(hub);
    const listwa = keep(await connectDevice(hub, "listwa"));
    const pompa = keep(await connectDevice(hub, "pompa"));
    for (let n = 1; n <= 40; n++) listwa.publish(`stat/listwa/POWER${n}`, "ON", { qos: 0 });
    await listwa.publishAsync("stat/listwa/POWER1", "OFF", { qos: 1 });
    for (let n = 1; n <= 40; n++) pompa.publish(`stat/pompa/POWER${n}`, "ON", { qos: 0 });
    await pompa.publishAsync("stat/pompa/POWER1", "OFF", { qos: 1 });

    const dashboard = keep(await connectBrowser(hub, cookie));
    const retained = await retainedAt(dashboard, "power/#", 1000);
    const of = (device: string) => [...retained.topics].filter((topic) => topic.startsWith(`power/${device}/`)).length;
    expect(of("listwa")).toBe(10);
    expect(of("pompa")).toBe(5);
    const after = await stats(hub, cookie);
    expect(after.retainedLimits).toEqual({ "retained topics per device": 30, "retained topics in all": 35 });
    // A topic the device already holds is still updated.
    const update = payloadOf(dashboard, "power/listwa/POWER2", '{"state":"OFF"}');
    await listwa.publishAsync("stat/listwa/POWER2", "OFF", { qos: 1 });
    await update;
  });
});

describe("the hub's re-publishes (Mosquitto, HUB_MQTT_URL)", () => {
  it("5,000 made-up Zigbee2MQTT availability names leave the dashboard's user with the household's devices only", async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.close());
    const hub = await startTestHub({ mqttUrl: broker.hubUrl, mqttWsUrl: broker.wsUrl });
    cleanups.push(() => hub.cleanup());
    const cookie = await login(hub);
    const gateway = keep(await connectMqtt(broker.tcpUrl, await broker.deviceLogin("zigbee2mqtt")));
    const arrived = nextMessage(keep(await connectMqtt(broker.wsUrl)), "availability/drzwi_wejsciowe");
    await new Promise((resolve) => setTimeout(resolve, 100));
    await flood(gateway);
    await gateway.publishAsync("zigbee2mqtt/drzwi_wejsciowe/availability", ONLINE, { qos: 1 });
    expect(JSON.parse((await arrived).payload)).toEqual({ state: "online" });
    await new Promise((resolve) => setTimeout(resolve, 500));

    const dashboard = keep(await connectMqtt(broker.wsUrl));
    const retained = await retainedAt(dashboard, "availability/#");
    console.log(
      `Mosquitto: after ${FLOOD} made-up availability names: ${retained.topics.size} retained availability/ topics, ${retained.bytes} bytes at a dashboard`,
    );
    expect([...retained.topics]).toEqual(["availability/drzwi_wejsciowe"]);
    expect((await stats(hub, cookie)).unknownDevice).toBe(FLOOD + 1);
  }, 60_000);
});
