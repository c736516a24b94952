/**
 * The sensors contract as the dashboard uses it: from the shared contract
 * (contract/sensors.ts), wrapped where the dashboard must accept more or wants another
 * shape (marked below).
 */
import * as v from "valibot";
import {
  RoomNameSchema,
  SensorReadingSchema as ContractReadingSchema,
  SensorSchema as ContractSensorSchema,
} from "../../../contract/sensors";

export {
  PlaceSchema,
  SENSOR_KINDS,
  SensorKindSchema,
  TasmotaSourceSchema,
  Zigbee2MqttSourceSchema,
  type SensorKind,
} from "../../../contract/sensors";

/**
 * A sensor's room. Wraps the contract's RoomNameSchema to accept more: an older hub without rooms,
 * or one sending a room that is not a valid name, still works (the room is then ignored and the
 * sensor goes to 'Pozostałe') instead of failing the whole list.
 */
export const RoomSchema = v.fallback(v.optional(RoomNameSchema), undefined);

/** A sensor of `GET /config/sensors`: the contract's, with the tolerant {@link RoomSchema}. */
export const SensorSchema = v.object({ ...ContractSensorSchema.entries, room: RoomSchema });
export type Sensor = v.InferOutput<typeof SensorSchema>;

/** `{items:[Sensor]}`: the answer of `GET /config/sensors`. */
export const SensorListSchema = v.object({ items: v.array(SensorSchema) });

/**
 * A reading on `sensor/<kind>/<place>`: the contract's `{value, time}`, with `time` turned into
 * epoch ms for the dashboard's freshness checks (a dashboard-side transform, not a looser rule).
 */
export const SensorReadingSchema = v.pipe(
  ContractReadingSchema,
  v.transform((reading) => ({ value: reading.value, time: Date.parse(reading.time) })),
);
export type SensorReadingPayload = v.InferOutput<typeof SensorReadingSchema>;
