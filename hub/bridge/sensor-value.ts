import type { Sensor } from "../household/schema";

export type SensorValue = { ok: true; value: number } | { ok: false; reason: string };

/** A binary state as true/false: booleans, `"ON"`/`"OFF"` (Tasmota switches, Zigbee2MQTT states), 1/0. */
function binaryState(raw: unknown): boolean | undefined {
  if (typeof raw === "boolean") return raw;
  if (raw === "ON" || raw === "OFF") return raw === "ON";
  if (raw === 0 || raw === 1) return raw === 1;
  return undefined;
}

/**
 * Turns a device's raw field into the namespace value for `sensor` (docs/contract.md "Sensor"):
 * door -> 1 open / 0 closed (Z2M `contact: false` is open, Tasmota `Switch1: "ON"` is open,
 * both flipped by `invert`); occupancy, leak, smoke -> 1 detected / 0 not (Z2M `occupancy`,
 * `water_leak`, `smoke` true, `"ON"`, or 1; flipped by `invert`); other kinds -> a finite number;
 * negative PM (Z2M's -1 "no reading yet"), light, CO2, VOC or energy are invalid; humidity and battery
 * outside 0..100 are invalid.
 */
export function sensorValue(sensor: Sensor, raw: unknown): SensorValue {
  if (sensor.kind === "door") {
    let open: boolean;
    if (typeof raw === "boolean" && sensor.source.type === "zigbee2mqtt") open = !raw;
    else if (raw === "ON" || raw === "OFF") open = raw === "ON";
    else if (raw === 0 || raw === 1) open = raw === 1;
    else return { ok: false, reason: `door value ${JSON.stringify(raw)} is not a contact state` };
    if (sensor.invert) open = !open;
    return { ok: true, value: open ? 1 : 0 };
  }
  if (sensor.kind === "occupancy" || sensor.kind === "leak" || sensor.kind === "smoke") {
    const state = binaryState(raw);
    if (state === undefined)
      return { ok: false, reason: `${sensor.kind} value ${JSON.stringify(raw)} is not a binary state` };
    return { ok: true, value: state !== (sensor.invert ?? false) ? 1 : 0 };
  }
  if (typeof raw !== "number" || !Number.isFinite(raw)) {
    return { ok: false, reason: `${sensor.kind} value ${JSON.stringify(raw)} is not a finite number` };
  }
  if (NON_NEGATIVE.has(sensor.kind) && raw < 0) {
    return { ok: false, reason: `${sensor.kind} value ${raw} is negative` };
  }
  if ((sensor.kind === "humid" || sensor.kind === "batt") && (raw < 0 || raw > 100)) {
    return { ok: false, reason: `${sensor.kind} value ${raw} is outside 0..100` };
  }
  return { ok: true, value: raw };
}

const NON_NEGATIVE: ReadonlySet<string> = new Set(["pm25", "pm10", "light", "co2", "voc", "energy"]);
