import * as v from "valibot";

/** Sensor kinds (spec §3, DESIGN §3: `sensor/<kind>/<place>`). */
export const SENSOR_KINDS = ["temp", "humid", "light", "batt", "door", "pressure", "pm25", "pm10"] as const;
export type SensorKind = (typeof SENSOR_KINDS)[number];
export const SensorKindSchema = v.picklist(SENSOR_KINDS);

/** A topic-safe place id (contract: `[a-z0-9_-]+`), never a prototype name. */
export const PlaceSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9_-]{1,64}$/, "place must match [a-z0-9_-]+"),
  v.check((place) => place !== "constructor" && place !== "prototype", "place must not be a prototype name"),
);

/** Native source: a field of a Tasmota device's `tele/<device>/SENSOR` payload (contract). */
export const TasmotaSourceSchema = v.object({ type: v.literal("tasmota"), device: v.string(), field: v.string() });
/** Native source: a property of a Zigbee2MQTT device's state (contract). */
export const Zigbee2MqttSourceSchema = v.object({ type: v.literal("zigbee2mqtt"), device: v.string(), property: v.string() });

/**
 * A sensor's room (contract "Sensor": optional Polish display name). Optional, so an older hub
 * without rooms still works; a value that is not a string is ignored rather than failing the list.
 */
export const RoomSchema = v.fallback(v.optional(v.string()), undefined);

/** A sensor of `GET /config/sensors` (docs/contract.md "Sensor"). */
export const SensorSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  kind: SensorKindSchema,
  place: PlaceSchema,
  label: v.string(),
  room: RoomSchema,
  source: v.variant("type", [TasmotaSourceSchema, Zigbee2MqttSourceSchema]),
  invert: v.optional(v.boolean()),
});
export type Sensor = v.InferOutput<typeof SensorSchema>;

/** `{items:[Sensor]}`: the answer of `GET /config/sensors`. */
export const SensorListSchema = v.object({ items: v.array(SensorSchema) });

/**
 * A reading on `sensor/<kind>/<place>` (contract "Live channel"): `{value: number, time: ISO-8601}`.
 * `time` is turned into epoch ms.
 */
export const SensorReadingSchema = v.object({
  value: v.pipe(v.number(), v.finite()),
  time: v.pipe(
    v.string(),
    v.transform((text) => Date.parse(text)),
    v.check((ms) => !Number.isNaN(ms), "time must be an ISO-8601 time"),
  ),
});
export type SensorReadingPayload = v.InferOutput<typeof SensorReadingSchema>;
