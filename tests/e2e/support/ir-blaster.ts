import mqtt, { type MqttClient } from "mqtt";
import { tasmotaHvacBlaster } from "../../../hub/simulator/climate";
import type { DeviceMessage } from "../../../hub/simulator/devices";
import type { DeviceBroker } from "./mqtt";
import type { TestTasmota } from "./tasmota";

/**
 * Connects Tasmota IR blaster `name` to `broker` with its own login, as the firmware does:
 * subscribes to `cmnd/<name>/#` at QoS 1, publishes `tele/<name>/LWT` `Online` (retained) and
 * answers `IRHVAC <json>` with `stat/<name>/RESULT` `{"IRHVAC":{...}}` as the fixture shows
 * (hub/simulator/climate.ts) while `answering`. Commands that reach it are recorded.
 */
export async function startIrBlaster(broker: DeviceBroker, name: string): Promise<TestTasmota> {
  const login = broker.deviceLogin ? await broker.deviceLogin(name) : {};
  const client: MqttClient = await mqtt.connectAsync(broker.mqttTcpUrl, {
    clientId: `${name}-e2e-${Math.random().toString(16).slice(2, 8)}`,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    ...login,
  });
  const device = tasmotaHvacBlaster(name);
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
