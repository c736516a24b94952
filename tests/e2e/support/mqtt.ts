import { readFileSync } from "node:fs";
import { join } from "node:path";
import mqtt from "mqtt";
import * as v from "valibot";
import { repoRoot } from "./hub";
import { SensorListSchema, SensorSchema, type Sensor } from "../../../contract/sensors";
import { tasmotaTeleTopic, zigbee2mqttTopic } from "../../../contract/topics";
import type { DeviceLogin } from "./mosquitto";

/** Payload as a device sends it: raw text, or a JSON value serialised compactly (as devices do). */
export type DevicePayload = string | Record<string, unknown> | unknown[];

/**
 * Where devices publish and how they log in: a TestHub (embedded broker, users in its database) or
 * an external broker such as TestMosquitto (`{ mqttTcpUrl: broker.tcpUrl, deviceLogin: broker.deviceLogin }`).
 */
export interface DeviceBroker {
  mqttTcpUrl: string;
  /**
   * The login of device `username` (a Tasmota topic, or `zigbee2mqtt`), created when missing.
   * Absent only for a broker without access control (`startMosquitto({ open: true })`): devices
   * then connect anonymously.
   */
  deviceLogin?(username: string): Promise<DeviceLogin>;
}

/**
 * The device that publishes `topic` as a household's would: the Tasmota device
 * `<t>` for `tele/<t>/...`, `stat/<t>/...` and `cmnd/<t>/...`, the Zigbee2MQTT gateway
 * (`zigbee2mqtt`) for anything else.
 */
export function deviceOf(topic: string): string {
  const [prefix, device] = topic.split("/");
  return (prefix === "tele" || prefix === "stat" || prefix === "cmnd") && device ? device : "zigbee2mqtt";
}

/**
 * Publishes one message over MQTT/TCP like a Tasmota or Zigbee2MQTT device would: its own client
 * logged in as {@link deviceOf}(topic) (or `as`), QoS 1 so the broker has it when this resolves,
 * then disconnects. Objects are sent as compact JSON, strings as raw text. Throws when the broker
 * cannot be reached within 10 s or refuses the login. A publish outside the device's rights is
 * acknowledged and dropped by the broker, as for a real device.
 */
export async function publishDevice(
  broker: DeviceBroker,
  topic: string,
  payload: DevicePayload,
  options: { retain?: boolean; as?: string } = {},
): Promise<void> {
  const login = broker.deviceLogin ? await broker.deviceLogin(options.as ?? deviceOf(topic)) : {};
  const client = await mqtt.connectAsync(broker.mqttTcpUrl, {
    clientId: `e2e-device-${Math.random().toString(16).slice(2, 10)}`,
    connectTimeout: 10_000,
    reconnectPeriod: 0,
    ...login,
  });
  try {
    const body = typeof payload === "string" ? payload : JSON.stringify(payload);
    await client.publishAsync(topic, body, { qos: 1, retain: options.retain ?? false });
  } finally {
    await client.endAsync();
  }
}

const FixtureSchema = v.object({
  source: v.string(),
  topic: v.nullable(v.string()),
  payload: v.union([v.string(), v.record(v.string(), v.unknown()), v.array(v.unknown())]),
});

/** One real device message from tests/fixtures (see its README for each file's source). */
export type DeviceFixture = v.InferOutput<typeof FixtureSchema>;

/**
 * Reads a fixture file, e.g. `tasmota/sensor_bme280.json`, from tests/fixtures (copied unchanged from
 * the shared fixtures with their source). Throws naming the file when it is missing or malformed.
 */
export function loadFixture(relativePath: string): DeviceFixture {
  const file = join(repoRoot, "tests", "fixtures", relativePath);
  const result = v.safeParse(FixtureSchema, JSON.parse(readFileSync(file, "utf8")));
  if (!result.success) throw new Error(`malformed fixture ${file}: ${v.summarize(result.issues)}`);
  return result.output;
}

/** The Sensor entry of GET /config/sensors and its list, from the shared contract (docs/contract.md). */
export { SensorListSchema, SensorSchema, type Sensor };

/**
 * The native device message that carries `value` for a configured sensor: Tasmota
 * `tele/<device>/SENSOR` with the field path split on its first dot (`SDS0X1.PM2.5` -> key `PM2.5`
 * of `SDS0X1`), or Zigbee2MQTT `zigbee2mqtt/<device>` with the property.
 */
export function nativeReading(sensor: Sensor, value: number): { topic: string; payload: Record<string, unknown> } {
  if (sensor.source.type === "zigbee2mqtt") {
    return { topic: zigbee2mqttTopic(sensor.source.device), payload: { [sensor.source.property]: value } };
  }
  const { field, device } = sensor.source;
  const dot = field.indexOf(".");
  const payload: Record<string, unknown> =
    dot < 0 ? { [field]: value } : { [field.slice(0, dot)]: { [field.slice(dot + 1)]: value } };
  return {
    topic: tasmotaTeleTopic(device, "SENSOR"),
    payload: { Time: new Date().toISOString().slice(0, 19), ...payload },
  };
}
