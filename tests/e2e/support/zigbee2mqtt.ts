import mqtt, { type MqttClient } from "mqtt";
import type { DeviceBroker } from "./mqtt";

/** One `bridge/devices` entry as Zigbee2MQTT publishes it (only what the gateway reads here). */
export interface BridgeEntry {
  friendly_name: string;
  type: string;
  [key: string]: unknown;
}

/** A Zigbee2MQTT gateway the test runs itself, speaking Zigbee2MQTT's MQTT API. */
export interface TestZigbee2Mqtt {
  /** Every `<name>/set` payload that reached the gateway, by device name, parsed. */
  sets: { device: string; payload: Record<string, unknown> }[];
  /** Each device's state as the gateway last published it. */
  states: Map<string, Record<string, unknown>>;
  /** Publishes device `name`'s state merged with `values` (as a device reporting a change). */
  report(name: string, values: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a Zigbee2MQTT gateway on `broker` under its own `zigbee2mqtt` login, as Zigbee2MQTT 2.x
 * does: publishes `bridge/state` `{"state":"online"}` and `bridge/devices` (`entries`) retained,
 * each device's `availability` `{"state":"online"}` and its state (`states`, retained, as
 * Zigbee2MQTT's `retain` device option), and answers each `zigbee2mqtt/<name>/set` after `delayMs`
 * (a Zigbee round trip) by publishing the device's new state: the payload merged in; a cover's
 * `state` OPEN/CLOSE moves its `position` to 100/0 and a `position` sets `state` to OPEN when above 0.
 */
export async function startZigbee2Mqtt(
  broker: DeviceBroker,
  entries: readonly BridgeEntry[],
  states: Readonly<Record<string, Record<string, unknown>>>,
  delayMs = 300,
): Promise<TestZigbee2Mqtt> {
  const login = broker.deviceLogin ? await broker.deviceLogin("zigbee2mqtt") : {};
  const client: MqttClient = await mqtt.connectAsync(broker.mqttTcpUrl, {
    clientId: `zigbee2mqtt-e2e-${Math.random().toString(16).slice(2, 8)}`,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    will: { topic: "zigbee2mqtt/bridge/state", payload: Buffer.from('{"state":"offline"}'), retain: true, qos: 1 },
    ...login,
  });
  const names = new Set(entries.filter((entry) => entry.type !== "Coordinator").map((entry) => entry.friendly_name));
  const current = new Map(Object.entries(states).map(([name, state]) => [name, { ...state }]));
  const publishState = (name: string) =>
    client.publishAsync(`zigbee2mqtt/${name}`, JSON.stringify(current.get(name) ?? {}), { qos: 1, retain: true });
  const gateway: TestZigbee2Mqtt = {
    sets: [],
    states: current,
    report: async (name, values) => {
      current.set(name, { ...current.get(name), ...values });
      await publishState(name);
    },
    close: async () => {
      await client.endAsync();
    },
  };
  client.on("message", (topic, payload) => {
    const match = /^zigbee2mqtt\/(.+)\/set$/.exec(topic);
    const name = match?.[1];
    if (name === undefined || !names.has(name)) return;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(payload.toString("utf8")) as Record<string, unknown>;
    } catch {
      return;
    }
    gateway.sets.push({ device: name, payload: body });
    const next = { ...body };
    if (body.state === "OPEN" && "position" in (current.get(name) ?? {})) next.position = 100;
    if (body.state === "CLOSE" && "position" in (current.get(name) ?? {})) next.position = 0;
    if (typeof body.position === "number") next.state = body.position > 0 ? "OPEN" : "CLOSE";
    if (body.state === "STOP") delete next.state;
    setTimeout(() => void gateway.report(name, next).catch(() => undefined), delayMs);
  });
  await client.subscribeAsync("zigbee2mqtt/+/set", { qos: 1 });
  await client.publishAsync("zigbee2mqtt/bridge/state", '{"state":"online"}', { qos: 1, retain: true });
  await client.publishAsync("zigbee2mqtt/bridge/devices", JSON.stringify(entries), { qos: 1, retain: true });
  for (const name of names) {
    await client.publishAsync(`zigbee2mqtt/${name}/availability`, '{"state":"online"}', { qos: 1, retain: true });
    if (current.has(name)) await publishState(name);
  }
  return gateway;
}
