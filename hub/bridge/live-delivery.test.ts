import * as v from "valibot";
import { SensorReadingSchema } from "../../contract/sensors";
import { sensorTopic } from "../../contract/topics";
import { afterEach, describe, expect, it } from "vitest";
import type { MqttClient } from "mqtt";
import { startMosquitto, type TestMosquitto } from "../../tests/e2e/support/mosquitto";
import demoHousehold from "../household/demo.json";
import { demoDevices } from "../domains";
import {
  connectBrowser,
  connectMqtt,
  deviceLogin,
  freePort,
  startTestHub,
  type DeviceLogin,
  type TestHub,
} from "../testing/harness";

/**
 * DESIGN.md §6 "live delivery": every message the bridge publishes reaches a subscriber of `#`
 * (the dashboard's subscription), in order per topic, on the embedded broker and on Mosquitto.
 * Devices publish their own native payloads over TCP, each on its own connection and logged in
 * with its own MQTT user (docs/security.md "Broker"), exactly as a household's Tasmota and Zigbee2MQTT do;
 * nothing publishes `sensor/...`. The `#` subscriber is the dashboard's: a browser on `/mqtt` with
 * a session (embedded broker) or the `dashboard` user on Mosquitto's websockets listener.
 */

const SENSOR_TOPICS = demoHousehold.sensors.map((sensor) => sensorTopic(sensor.kind, sensor.place));
const ROUNDS = 8;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Live (non-retained-copy) messages per topic, as the dashboard's `#` subscriber `client` sees them, in arrival order. */
async function subscribeAll(
  connected: Promise<MqttClient>,
): Promise<{ client: MqttClient; byTopic: Map<string, string[]> }> {
  const client = await connected;
  cleanups.push(() => void client.end(true));
  const byTopic = new Map<string, string[]>();
  client.on("message", (topic, payload, packet) => {
    // A retained copy is only sent when subscribing (MQTT-3.3.1-8); live ones arrive with retain 0.
    if (packet.retain) return;
    const list = byTopic.get(topic) ?? [];
    list.push(payload.toString("utf8"));
    byTopic.set(topic, list);
  });
  await client.subscribeAsync("#", { qos: 0 });
  return { client, byTopic };
}

/**
 * Runs the demo's devices for `ROUNDS` rounds over TCP into `tcpUrl`: each Tasmota on its own
 * connection with its own MQTT user, all Zigbee devices through one Zigbee2MQTT connection (as the
 * real gateway), each round published at once, so messages of one round arrive back to back in
 * one TCP read. `loginOf` answers each device user's credentials.
 */
async function runDeviceRounds(tcpUrl: string, loginOf: (username: string) => Promise<DeviceLogin>): Promise<void> {
  const devices = demoDevices(() => 0.5);
  const gatewayOf = (name: string) =>
    ["czujnik_ogrod", "salon", "drzwi_wejsciowe"].includes(name) ? "zigbee2mqtt" : name;
  const gateways = [...new Set(devices.map((device) => gatewayOf(device.name)))];
  const connections = new Map(
    await Promise.all(
      gateways.map(
        async (gateway) =>
          [gateway, await connectMqtt(tcpUrl, { clientId: `sim-${gateway}`, ...(await loginOf(gateway)) })] as const,
      ),
    ),
  );
  cleanups.push(() => connections.forEach((connection) => connection.end(true)));
  const start = Date.now();
  for (let round = 0; round < ROUNDS; round++) {
    const at = new Date(start + round * 60_000);
    const sent = devices.flatMap((device) =>
      device
        .tick(at)
        .map((m) =>
          connections.get(gatewayOf(device.name))?.publishAsync(m.topic, m.payload, { retain: m.retain, qos: 0 }),
        ),
    );
    await Promise.all(sent);
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
}

/** Waits until every sensor topic has `count` live messages, or 5 s pass. */
async function settle(byTopic: Map<string, string[]>, count: number): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && !SENSOR_TOPICS.every((topic) => (byTopic.get(topic)?.length ?? 0) >= count)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function expectEveryRoundInOrder(byTopic: Map<string, string[]>): void {
  const counts = Object.fromEntries(SENSOR_TOPICS.map((topic) => [topic, byTopic.get(topic)?.length ?? 0]));
  expect(counts).toEqual(Object.fromEntries(SENSOR_TOPICS.map((topic) => [topic, ROUNDS])));
  for (const topic of SENSOR_TOPICS) {
    const times = (byTopic.get(topic) ?? []).map((payload) =>
      Date.parse(v.parse(SensorReadingSchema, JSON.parse(payload)).time),
    );
    expect(times, `${topic} in order`).toEqual([...times].sort((a, b) => a - b));
  }
}

describe("every bridged reading reaches a subscriber of #", () => {
  it("on the embedded broker, with devices publishing over TCP", async () => {
    const mqttPort = await freePort();
    const hub: TestHub = await startTestHub({ mqttPort });
    cleanups.push(() => hub.cleanup());
    const { byTopic } = await subscribeAll(connectBrowser(hub));
    await runDeviceRounds(`mqtt://127.0.0.1:${mqttPort}`, (username) => deviceLogin(hub, username));
    await settle(byTopic, ROUNDS);
    expectEveryRoundInOrder(byTopic);
  });

  it("on Mosquitto as the household broker, with devices publishing over TCP", async () => {
    const mosquitto: TestMosquitto = await startMosquitto();
    cleanups.push(() => mosquitto.close());
    const hub = await startTestHub({ mqttUrl: mosquitto.hubUrl, mqttWsUrl: mosquitto.wsUrl });
    cleanups.push(() => hub.cleanup());
    const { byTopic } = await subscribeAll(connectMqtt(mosquitto.wsUrl));
    await new Promise((resolve) => setTimeout(resolve, 200)); // the hub's bridge subscriptions are in place
    await runDeviceRounds(mosquitto.tcpUrl, mosquitto.deviceLogin);
    await settle(byTopic, ROUNDS);
    expectEveryRoundInOrder(byTopic);
  });

  it("from the demo's in-process simulator on the embedded broker: each sensor topic as often as its device", async () => {
    const mqttPort = await freePort();
    const hub = await startTestHub({ mqttPort, simulator: true, simulatorIntervalMs: 150 });
    cleanups.push(() => hub.cleanup());
    const { client, byTopic } = await subscribeAll(connectBrowser(hub));
    await new Promise((resolve) => setTimeout(resolve, 1600));
    await client.unsubscribeAsync("#");
    // The browser sees a device's message only as the bridge's pass-through, one per device message.
    const deviceRounds = byTopic.get("tasmota/tele/balkon/SENSOR")?.length ?? 0;
    expect(deviceRounds).toBeGreaterThanOrEqual(6);
    for (const topic of SENSOR_TOPICS) {
      // The window may cut one round between a device message and the readings bridged from it.
      expect(Math.abs((byTopic.get(topic)?.length ?? 0) - deviceRounds), topic).toBeLessThanOrEqual(1);
    }
  });

  it("overlapping subscriptions of one client get at least one copy of every message (Mosquitto 2 behaviour)", async () => {
    const mqttPort = await freePort();
    const hub = await startTestHub({ mqttPort });
    cleanups.push(() => hub.cleanup());
    const { client, byTopic } = await subscribeAll(connectBrowser(hub));
    await client.subscribeAsync("sensor/#", { qos: 0 });
    await runDeviceRounds(`mqtt://127.0.0.1:${mqttPort}`, (username) => deviceLogin(hub, username));
    await settle(byTopic, 2 * ROUNDS);
    for (const topic of SENSOR_TOPICS) expect(byTopic.get(topic)?.length, topic).toBe(2 * ROUNDS);
  });
});
