import * as v from "valibot";

/** Sensor kinds of DESIGN.md §3 (`sensor/<kind>/<place>`). */
export const SENSOR_KINDS = ["temp", "humid", "light", "batt", "door", "pressure", "pm25", "pm10"] as const;
export type SensorKind = (typeof SENSOR_KINDS)[number];

const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

/** A topic-safe id: `[a-z0-9_-]+`, 1..64 chars, not a prototype name. */
const TopicId = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9_-]{1,64}$/, "must match [a-z0-9_-]{1,64}"),
  v.check((value) => !FORBIDDEN_SEGMENTS.has(value), "must not be a prototype name"),
);

/** A device name as it appears in a topic segment: no `/ + #`, no control characters, 1..128 chars. */
export const DeviceName = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(128),
  // eslint-disable-next-line no-control-regex
  v.regex(/^[^/+#\u0000-\u001f\u007f]+$/, "must not contain / + # or control characters"),
  v.check((value) => !FORBIDDEN_SEGMENTS.has(value), "must not be a prototype name"),
);

const FieldName = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(128),
  v.check((value) => value.split(".").every((part) => part !== "" && !FORBIDDEN_SEGMENTS.has(part)), "bad field path"),
);

export const TasmotaSourceSchema = v.object({
  type: v.literal("tasmota"),
  device: DeviceName,
  /** Path into `tele/<device>/SENSOR`, split on the first dot: `BME280.Temperature`, `SDS0X1.PM2.5`, `Switch1`. */
  field: FieldName,
});

export const Zigbee2MqttSourceSchema = v.object({
  type: v.literal("zigbee2mqtt"),
  device: DeviceName,
  property: FieldName,
});

/** Longest room name, in characters (a heading on a phone's home screen). */
export const ROOM_MAX_LENGTH = 40;

/**
 * A room's display name (Polish, plain text shown as a heading on the home screen): 1..40 characters,
 * trimmed, no control characters.
 */
export const RoomName = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, "must not be empty"),
  v.maxLength(ROOM_MAX_LENGTH, `must be at most ${ROOM_MAX_LENGTH} characters`),
  // eslint-disable-next-line no-control-regex
  v.regex(/^[^\u0000-\u001f\u007f]+$/, "must not contain control characters"),
);

/**
 * Sensor of docs/contract.md: `{id, kind, place, label, room?, source, invert?}`. `room` groups the
 * home screen's tiles (sensors without one go to 'Pozostałe').
 */
export const SensorSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  kind: v.picklist(SENSOR_KINDS),
  place: TopicId,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  room: v.optional(RoomName),
  source: v.variant("type", [TasmotaSourceSchema, Zigbee2MqttSourceSchema]),
  invert: v.optional(v.boolean()),
});
export type Sensor = v.InferOutput<typeof SensorSchema>;

/** A switch: a Tasmota device (optionally one relay of it) with a label and a purpose (null = none). */
export const SwitchSchema = v.object({
  name: DeviceName,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  purpose: v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
  device: DeviceName,
  relay: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(32))),
});
export type Switch = v.InferOutput<typeof SwitchSchema>;

/** A group of the switches screen; items are `name` or `name/relay`. */
export const SwitchGroupSchema = v.object({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  items: v.array(v.pipe(v.string(), v.regex(/^[^/+#]+(\/\d{1,2})?$/, "must be name or name/relay"))),
});
export type SwitchGroup = v.InferOutput<typeof SwitchGroupSchema>;

/** The household config file (HUB_CONFIG or `<dataDir>/household.json`). */
export const HouseholdSchema = v.object({
  sensors: v.optional(v.array(SensorSchema), []),
  switches: v.optional(v.array(SwitchSchema), []),
  switchesList: v.optional(v.array(SwitchGroupSchema), []),
});
export type Household = v.InferOutput<typeof HouseholdSchema>;
