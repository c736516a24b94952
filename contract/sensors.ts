import * as v from "valibot";
import { itemsOf } from "./envelope";

/** Path of the sensor list on the general base (spec §7). */
export const SENSORS_PATH = "/config/sensors";

/**
 * Sensor kinds (spec §3, DESIGN.md §3: `sensor/<kind>/<place>`): the spec's eight (`temp` °C, `humid` %,
 * `light` lx (Zigbee2MQTT's `illuminance` / `illuminance_lux`), `batt` %, `door` 1 open / 0 closed,
 * `pressure` hPa, `pm25` and `pm10` µg/m³), then `occupancy` (1 motion / 0 none), `leak` (1 water / 0 dry),
 * `smoke` (1 smoke / 0 none), `co2` ppm, `voc` ppb, `watts` (active power, W: named so because `power`
 * is the switch relays' history event), `energy` kWh, `voltage` V, `current` A.
 */
export const SENSOR_KINDS = [
  "temp",
  "humid",
  "light",
  "batt",
  "door",
  "pressure",
  "pm25",
  "pm10",
  "occupancy",
  "leak",
  "smoke",
  "co2",
  "voc",
  "watts",
  "energy",
  "voltage",
  "current",
] as const;
export type SensorKind = (typeof SENSOR_KINDS)[number];

/** Kinds whose reading is 1 or 0 (a state, shown as a word): door open, motion, water, smoke. */
export const BINARY_SENSOR_KINDS = ["door", "occupancy", "leak", "smoke"] as const satisfies readonly SensorKind[];
export type BinarySensorKind = (typeof BINARY_SENSOR_KINDS)[number];
/** True for a kind read as 1 or 0 ({@link BINARY_SENSOR_KINDS}). */
export const isBinarySensorKind = (kind: SensorKind): kind is BinarySensorKind =>
  (BINARY_SENSOR_KINDS as readonly string[]).includes(kind);
export const SensorKindSchema = v.picklist(SENSOR_KINDS);

/**
 * The sensor kind a Zigbee2MQTT expose's property reads as, where one fits (what the devices screen
 * offers first when a household adopts a sensor): `temperature` temp, `humidity` humid, `illuminance`
 * and `illuminance_lux` light, `battery` batt, `contact` door (Zigbee2MQTT's `contact: true` is closed),
 * `pressure`, `pm25`, `pm10`, `occupancy`, `water_leak` leak, `smoke`, `co2`, `voc`, `power` watts,
 * `energy`, `voltage`, `current`.
 */
export const SENSOR_KIND_OF_PROPERTY: ReadonlyMap<string, SensorKind> = new Map(
  Object.entries({
    temperature: "temp",
    humidity: "humid",
    illuminance: "light",
    illuminance_lux: "light",
    battery: "batt",
    contact: "door",
    pressure: "pressure",
    pm25: "pm25",
    pm10: "pm10",
    occupancy: "occupancy",
    water_leak: "leak",
    smoke: "smoke",
    co2: "co2",
    voc: "voc",
    power: "watts",
    energy: "energy",
    voltage: "voltage",
    current: "current",
  } satisfies Record<string, SensorKind>),
);

/** Names that would reach an object's prototype when used as a key or path segment. */
export const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** A topic-safe place id (`[a-z0-9_-]`, 1..64 characters), never a prototype name. */
export const PlaceSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9_-]{1,64}$/, "must match [a-z0-9_-]{1,64}"),
  v.check((value) => !PROTOTYPE_NAMES.has(value), "must not be a prototype name"),
);

/** A device name as it appears in a topic segment: no `/ + #`, no control characters, 1..128 characters, not a prototype name. */
export const DeviceNameSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(128),
  // eslint-disable-next-line no-control-regex
  v.regex(/^[^/+#\u0000-\u001f\u007f]+$/, "must not contain / + # or control characters"),
  v.check((value) => !PROTOTYPE_NAMES.has(value), "must not be a prototype name"),
);

/** A field path into a device payload (`BME280.Temperature`): dot-separated, no empty or prototype parts. */
export const FieldNameSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(128),
  v.check((value) => value.split(".").every((part) => part !== "" && !PROTOTYPE_NAMES.has(part)), "bad field path"),
);

/** Native source: a field of a Tasmota device's `tele/<device>/SENSOR` payload, split on the first dot (`SDS0X1.PM2.5`). */
export const TasmotaSourceSchema = v.object({
  type: v.literal("tasmota"),
  device: DeviceNameSchema,
  field: FieldNameSchema,
});
/** Native source: a property of a Zigbee2MQTT device's state (`zigbee2mqtt/<device>`). */
export const Zigbee2MqttSourceSchema = v.object({
  type: v.literal("zigbee2mqtt"),
  device: DeviceNameSchema,
  property: FieldNameSchema,
});
/** Where a sensor's value comes from. */
export const SensorSourceSchema = v.variant("type", [TasmotaSourceSchema, Zigbee2MqttSourceSchema]);

/** Longest room name, in characters (a heading on a phone's home screen). */
export const ROOM_MAX_LENGTH = 40;

/** A room's display name (Polish plain text, a home-screen heading): trimmed, 1..40 characters, no control characters. */
export const RoomNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, "must not be empty"),
  v.maxLength(ROOM_MAX_LENGTH, `must be at most ${ROOM_MAX_LENGTH} characters`),
  // eslint-disable-next-line no-control-regex
  v.regex(/^[^\u0000-\u001f\u007f]+$/, "must not contain control characters"),
);

/**
 * A sensor (docs/contract.md "Sensor"): `{id, kind, place, label, room?, source, invert?}`. `room`
 * groups the home screen's tiles (sensors without one go to 'Pozostałe'). The hub's household file
 * lists sensors in this shape and `GET /config/sensors` answers them unchanged.
 */
export const SensorSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  kind: SensorKindSchema,
  place: PlaceSchema,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  room: v.optional(RoomNameSchema),
  source: SensorSourceSchema,
  invert: v.optional(v.boolean()),
});
export type Sensor = v.InferOutput<typeof SensorSchema>;

/** `{items:[Sensor]}`: the answer of `GET /config/sensors`. */
export const SensorListSchema = itemsOf(SensorSchema);
export type SensorList = v.InferOutput<typeof SensorListSchema>;

/**
 * A reading on `sensor/<kind>/<place>` (docs/contract.md "Live channel"): `{value, time}`, value a
 * finite number (door: 1 open, 0 closed; occupancy, leak, smoke: 1 detected, 0 not), time ISO-8601 (when the hub received it).
 */
export const SensorReadingSchema = v.object({
  value: v.pipe(v.number(), v.finite()),
  time: v.pipe(
    v.string(),
    v.check((text) => !Number.isNaN(Date.parse(text)), "time must be an ISO-8601 time"),
  ),
});
export type SensorReading = v.InferOutput<typeof SensorReadingSchema>;

/** The JSON text of a reading, as the hub publishes it. */
export function sensorReadingJson(value: number, receivedAt: Date): string {
  return JSON.stringify({ value, time: receivedAt.toISOString() } satisfies SensorReading);
}
