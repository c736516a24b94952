// Live load for the benchmarks (bench/live-new-topics.ts; the same as bench/live-ingest.ts builds): Tasmota devices,
// each logged in with its own MQTT user, publish their native payloads; the hub's bridge turns them
// into the dashboard's retained topics (only the hub writes the dashboard's topics).
import mqtt, { type MqttClient } from "mqtt";
import type { TestHub } from "../tests/e2e/support/hub";

/** Relays per bench device (POWER1..POWER4 in its STATE). */
export const RELAYS = 4;
/** Dashboard topics the bridge makes of one bench device's burst: availability + LWT, 4 power + STATE, SENSOR. */
export const TOPICS_PER_DEVICE = 2 + RELAYS + 1 + 1;
/** The name of bench device `i` (`bench_<i>`). */
export const benchDevice = (i: number): string => `bench_${i}`;
/** Tasmota's relay state text. */
export const onOff = (on: boolean): string => (on ? "ON" : "OFF");

/**
 * One bench device's native messages, as a Tasmota sends them on connect: `tele/<t>/LWT` Online
 * (-> `availability/<t>`, `tasmota/tele/<t>/LWT`), `tele/<t>/STATE` with 4 relays (-> `power/<t>/POWER1..4`,
 * `tasmota/tele/<t>/STATE`) and `tele/<t>/SENSOR` (-> `tasmota/tele/<t>/SENSOR`): 8 retained dashboard
 * topics. Each entry is [topic, payload, retain].
 */
export function deviceBurst(i: number): Array<[string, string, boolean]> {
  const t = benchDevice(i);
  const time = new Date().toISOString().slice(0, 19);
  const relays = Object.fromEntries(
    Array.from({ length: RELAYS }, (_, r) => [`POWER${r + 1}`, onOff((i + r) % 2 === 0)]),
  );
  return [
    [`tele/${t}/LWT`, "Online", true],
    [
      `tele/${t}/STATE`,
      JSON.stringify({ Time: time, Uptime: `0T0${i % 10}:00:00`, Heap: 25, ...relays, Wifi: { RSSI: 60 } }),
      false,
    ],
    [`tele/${t}/SENSOR`, JSON.stringify({ Time: time, ANALOG: { A0: i % 1024 } }), false],
  ];
}

/** One MQTT connection per device name, 25 at a time, each logged in with the device's own user (hub.deviceLogin). */
export async function connectDevices(hub: TestHub, names: readonly string[]): Promise<Map<string, MqttClient>> {
  const out = new Map<string, MqttClient>();
  for (let from = 0; from < names.length; from += 25) {
    const batch = await Promise.all(
      names.slice(from, from + 25).map(async (name) => {
        const login = await hub.deviceLogin(name);
        return [
          name,
          await mqtt.connectAsync(hub.mqttTcpUrl, { clientId: `bench-${name}`, reconnectPeriod: 0, ...login }),
        ] as const;
      }),
    );
    for (const [name, client] of batch) out.set(name, client);
  }
  return out;
}

/**
 * Leaves the retained burst on the broker: `devices` bench devices (bench_0..) publish deviceBurst,
 * the last message of each with QoS 1 so everything before it has reached the broker. Returns the
 * connections (to publish more, and to end).
 */
export async function publishBurst(hub: TestHub, devices: number): Promise<Map<string, MqttClient>> {
  const clients = await connectDevices(
    hub,
    Array.from({ length: devices }, (_, i) => benchDevice(i)),
  );
  await Promise.all(
    Array.from({ length: devices }, async (_, i) => {
      const client = clients.get(benchDevice(i));
      const messages = deviceBurst(i);
      for (const [topic, payload, retain] of messages.slice(0, -1)) client?.publish(topic, payload, { qos: 0, retain });
      const [topic, payload, retain] = messages[messages.length - 1] ?? ["", "", false];
      await client?.publishAsync(topic, payload, { qos: 1, retain });
    }),
  );
  return clients;
}

/** Long tasks whose start lies in [from, to): count, longest and total duration (ms). */
export function summariseLongTasks(
  tasks: ReadonlyArray<{ start: number; duration: number }>,
  from: number,
  to: number,
): { count: number; max: number; total: number } {
  const inPhase = tasks.filter((t) => t.start >= from && t.start < to);
  return {
    count: inPhase.length,
    max: inPhase.reduce((m, t) => Math.max(m, t.duration), 0),
    total: inPhase.reduce((s, t) => s + t.duration, 0),
  };
}
