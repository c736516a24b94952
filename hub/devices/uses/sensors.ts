import type { Adoption } from "../../../contract/adoption";
import type { Sensor } from "../../../contract/sensors";
import type { AdoptionSource } from "../adoption/source";
import type { DeviceRegistry } from "../registry";
import { splitDeviceId } from "./device-ref";

/** Longest sensor id (contract/sensors.ts SensorSchema). */
const SENSOR_ID_MAX = 128;

/**
 * One adopted sensor in the household file's sensor shape (contract/sensors.ts Sensor), so the bridge,
 * the history and `GET /config/sensors` read it exactly as a hand-written one: `id` the device id,
 * `kind` and `place` from the use, `label` the adoption's label or the device's name, `room` the
 * adoption's, `source` the device's (Zigbee2MQTT: the state's `property`, which carries the endpoint in
 * its name, `state_l2`; Tasmota: the `tele/<t>/SENSOR` field path, `BME280.Temperature`). Undefined
 * when the adoption is not a sensor use, is hidden, or names no device the hub can read (an unknown
 * source, a name unsafe as a topic segment, an id over 128 characters).
 */
export function adoptedSensor(id: string, adoption: Adoption, registry?: DeviceRegistry): Sensor | undefined {
  const use = adoption.use;
  if (use?.as !== "sensor" || adoption.hidden || id.length > SENSOR_ID_MAX) return undefined;
  const device = splitDeviceId(id);
  if (device === undefined) return undefined;
  const label = adoption.label ?? registry?.get(id)?.name ?? device.name;
  return {
    id,
    kind: use.kind,
    place: use.place,
    label,
    ...(adoption.room !== undefined ? { room: adoption.room } : {}),
    source:
      device.source === "tasmota"
        ? { type: "tasmota", device: device.name, field: use.property }
        : { type: "zigbee2mqtt", device: device.name, property: use.property },
  };
}

/** Every adopted sensor of `adoptions` ({@link adoptedSensor}), in id order. */
export function adoptedSensors(adoptions: AdoptionSource, registry?: DeviceRegistry): Sensor[] {
  return [...adoptions.all()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([id, adoption]) => {
      const sensor = adoptedSensor(id, adoption, registry);
      return sensor ? [sensor] : [];
    });
}
