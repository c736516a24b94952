import * as v from "valibot";
import { DeviceStatePayloadSchema, deviceStateTopic } from "../../../contract/devices";
import { SensorReadingSchema } from "../../../contract/sensors";

/**
 * The live topic that tells whether the panel's wake sensor sees someone: an adopted device id
 * (`<source>:<name>`, e.g. `z2m:ruch_kuchnia`) reads its `device/<id>/state`; a household sensor's
 * name reads `sensor/occupancy/<name>`.
 */
export function wakeSensorTopic(wakeSensor: string): string {
  return wakeSensor.includes(":") ? deviceStateTopic(wakeSensor) : `sensor/occupancy/${wakeSensor}`;
}

/**
 * True when a live payload of {@link wakeSensorTopic} reports a detection: a sensor reading of 1, or a
 * device state whose `occupancy`, `presence` or `motion` value is true. Anything else (malformed,
 * nothing detected) is false.
 */
export function detectsPresence(topic: string, payload: unknown): boolean {
  if (topic.startsWith("sensor/")) {
    const reading = v.safeParse(SensorReadingSchema, payload);
    return reading.success && reading.output.value === 1;
  }
  const state = v.safeParse(DeviceStatePayloadSchema, payload);
  if (!state.success) return false;
  const { values } = state.output;
  return ["occupancy", "presence", "motion"].some((key) => Object.hasOwn(values, key) && values[key] === true);
}
