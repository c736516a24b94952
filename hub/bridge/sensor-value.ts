import type { Sensor } from "../household/schema";

export type SensorValue = { ok: true; value: number } | { ok: false; reason: string };

/**
 * Turns a device's raw field into the namespace value for `sensor` (docs/contract.md "Sensor"):
 * door -> 1 open / 0 closed (Z2M `contact: false` is open, Tasmota `Switch1: "ON"` is open,
 * both flipped by `invert`); other kinds -> a finite number; negative PM (Z2M's -1 "no reading
 * yet") is invalid; humidity and battery outside 0..100 are invalid.
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
  if (typeof raw !== "number" || !Number.isFinite(raw)) {
    return { ok: false, reason: `${sensor.kind} value ${JSON.stringify(raw)} is not a finite number` };
  }
  if ((sensor.kind === "pm25" || sensor.kind === "pm10" || sensor.kind === "light") && raw < 0) {
    return { ok: false, reason: `${sensor.kind} value ${raw} is negative` };
  }
  if ((sensor.kind === "humid" || sensor.kind === "batt") && (raw < 0 || raw > 100)) {
    return { ok: false, reason: `${sensor.kind} value ${raw} is outside 0..100` };
  }
  return { ok: true, value: raw };
}
