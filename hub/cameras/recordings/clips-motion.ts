import * as v from "valibot";
import { deviceStateTopic, DeviceStatePayloadSchema } from "../../../contract/devices";
import { SensorReadingSchema, type Sensor } from "../../../contract/sensors";
import { sensorTopic } from "../../../contract/topics";
import type { BrokerLink, HubLogger } from "../../broker/link";
import type { ClipCamera } from "./clips-source";

/** A reading older than this when it arrives (a retained one at start) does not start a clip, ms. */
export const MOTION_FRESH_MS = 10_000;
/** Largest payload read, bytes (a reading or a device state is far below). */
const MAX_PAYLOAD_BYTES = 64 * 1024;
/** Device-state properties read as motion: detected when true, `"ON"` or 1. */
const MOTION_PROPERTIES = ["occupancy", "presence", "motion"] as const;
/** Household sensor kinds a camera's clip may follow (`door`: 1 open is motion). */
const SENSOR_KINDS = new Set(["occupancy", "door"]);

/** Where a camera's motion sensor is read: a topic and how its payload reads as motion (undefined: no opinion). */
type MotionInput = { topic: string; read: (json: unknown) => { active: boolean; at: number } | undefined };

const detected = (value: unknown): boolean | undefined =>
  value === true || value === "ON" || value === 1
    ? true
    : value === false || value === "OFF" || value === 0
      ? false
      : undefined;

/** How the motion sensor `name` of a camera is read, or a reason it cannot be. */
export function motionInputOf(name: string, sensors: readonly Sensor[]): MotionInput | string {
  const sensor = sensors.find((candidate) => candidate.id === name);
  if (sensor) {
    if (!SENSOR_KINDS.has(sensor.kind)) return `sensor ${name} is a ${sensor.kind} sensor, not occupancy or door`;
    return {
      topic: sensorTopic(sensor.kind, sensor.place),
      read: (json) => {
        const reading = v.safeParse(SensorReadingSchema, json);
        return reading.success
          ? { active: reading.output.value === 1, at: Date.parse(reading.output.time) }
          : undefined;
      },
    };
  }
  if (/^(zigbee2mqtt|tasmota):./.test(name))
    return {
      topic: deviceStateTopic(name),
      read: (json) => {
        const state = v.safeParse(DeviceStatePayloadSchema, json);
        if (!state.success) return undefined;
        const values = new Map(Object.entries(state.output.values));
        const at = Date.parse(state.output.at);
        for (const property of MOTION_PROPERTIES) {
          const active = detected(values.get(property));
          if (active !== undefined) return { active, at };
        }
        // Zigbee2MQTT `contact`: true is closed, false open (motion)
        const contact = values.get("contact");
        return typeof contact === "boolean" ? { active: !contact, at } : undefined;
      },
    };
  return `${name} is neither a sensor id of the household file nor a device id (zigbee2mqtt:<name>, tasmota:<topic>)`;
}

/**
 * Feeds each camera's `record.motionSensor` into `motion(cameraId, active)` (clips-source.ts
 * ClipRecorder.motion): a household sensor of kind `occupancy` or `door` read from its live topic
 * `sensor/<kind>/<place>` (1 is motion; the bridge publishes it from the device's own Zigbee2MQTT
 * or Tasmota payload), or an adopted device read from `device/<id>/state` (`occupancy`,
 * `presence`, `motion` true; `contact` false). Only changes count (the first reading is a change
 * when fresh); a reading older than {@link MOTION_FRESH_MS} (a retained one at start) only sets
 * what the next one is compared with. A sensor that cannot be read is warned about once, at start;
 * a payload that is not a reading is ignored. Never throws.
 */
export function followMotionSensors(options: {
  cameras: readonly ClipCamera[];
  sensors: readonly Sensor[];
  link: Pick<BrokerLink, "subscribe">;
  log: HubLogger;
  motion: (cameraId: string, active: boolean) => void;
  now?: () => number;
}): void {
  const now = options.now ?? Date.now;
  for (const camera of options.cameras) {
    const name = camera.record.motionSensor;
    if (name === undefined) continue;
    const input = motionInputOf(name, options.sensors);
    if (typeof input === "string") {
      options.log.warn({ camera: camera.id }, `camera clips: record.motionSensor: ${input}; no clips from it`);
      continue;
    }
    let last: boolean | undefined;
    options.link.subscribe(input.topic, (_topic, payload) => {
      if (payload.length === 0 || payload.length > MAX_PAYLOAD_BYTES) return;
      let json: unknown;
      try {
        json = JSON.parse(payload.toString("utf8"));
      } catch {
        return;
      }
      const reading = input.read(json);
      if (!reading) return;
      const changed = reading.active !== (last ?? false) || last === undefined;
      last = reading.active;
      if (!changed || !(Math.abs(now() - reading.at) <= MOTION_FRESH_MS)) return;
      options.motion(camera.id, reading.active);
    });
  }
}
