import mqtt, { type MqttClient } from "mqtt";
import { tasmotaSwitch, type DeviceMessage } from "../../../hub/simulator/devices";
import type { DeviceBroker } from "./mqtt";

/** A Tasmota switch the test runs itself: the demo simulator's device model on its own MQTT login. */
export interface TestTasmota {
  /** Every command that reached the device: topic and payload, with the retain flag and QoS it arrived with. */
  commands: { topic: string; payload: string; retain: boolean; qos: number }[];
  /** false: the device takes commands but never answers (and does not switch), like one that hangs. */
  answering: boolean;
  /** Publishes a message as this device (its own login), e.g. `tele/<t>/LWT` `Offline`. */
  publish(topic: string, payload: string, retain?: boolean): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connects Tasmota device `name` with `relays` relays (all OFF) to `broker` with its own login, as
 * the firmware does: subscribes to `cmnd/<name>/#` at QoS 1, publishes `tele/<name>/LWT` `Online`
 * (retained) and `tele/<name>/STATE`, and answers each power command with `stat/<name>/RESULT` and
 * `stat/<name>/POWER<n>` (hub/simulator/devices.ts, checked against the fixtures) while `answering`.
 */
export async function startTasmota(broker: DeviceBroker, name: string, relays: number): Promise<TestTasmota> {
  const login = broker.deviceLogin ? await broker.deviceLogin(name) : {};
  const client: MqttClient = await mqtt.connectAsync(broker.mqttTcpUrl, {
    clientId: `${name}-e2e-${Math.random().toString(16).slice(2, 8)}`,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    ...login,
  });
  const device = tasmotaSwitch(name, relays, () => 0.9); // 0.9: every relay starts OFF, never toggles by itself
  const send = async (messages: DeviceMessage[]) => {
    for (const m of messages) await client.publishAsync(m.topic, m.payload, { qos: 1, retain: m.retain });
  };
  const state: TestTasmota = {
    commands: [],
    answering: true,
    publish: (topic, payload, retain = false) => send([{ topic, payload, retain }]),
    close: async () => {
      await client.endAsync();
    },
  };
  client.on("message", (topic, payload, packet) => {
    const text = payload.toString("utf8");
    state.commands.push({ topic, payload: text, retain: packet.retain, qos: packet.qos });
    if (state.answering && device.command) void send(device.command(topic, text, new Date()));
  });
  await client.subscribeAsync(`cmnd/${name}/#`, { qos: 1 });
  await send(device.tick(new Date()));
  return state;
}
