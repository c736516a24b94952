/**
 * Energy monitoring (docs/contract.md "Energy monitoring"): what a Tasmota power-monitoring plug or
 * relay (Sonoff Pow, S31, Shelly Plug, Gosund...) measures, as its `ENERGY` object in
 * `tele/<t>/SENSOR` and in the `StatusSNS` of `stat/<t>/STATUS10` (Status 8 before Tasmota 9) says,
 * published by the hub for each household switch of that device on `device/<switch>/energy`.
 */
import * as v from "valibot";
import { deviceFamilyTopic } from "./topics";

/** The family's topic level under `device/<name>/` (contract/topics.ts deviceFamilyTopic). */
export const ENERGY_FAMILY = "energy";

/** `device/<switch name>/energy`: a switch's energy readings (EnergyReadingSchema, retained). */
export function energyTopic(name: string): string {
  return deviceFamilyTopic(name, ENERGY_FAMILY);
}

const finite = v.pipe(v.number(), v.finite());
const nonNegative = v.pipe(v.number(), v.finite(), v.minValue(0));

/**
 * One reading: `power` active power W (may be negative on a meter that also feeds in), `voltage` V,
 * `current` A, `today`, `yesterday` and `total` kWh since `totalStartTime` (ISO-8601 local time of
 * the device, or null), `apparentPower` VA, `reactivePower` var, `factor` (0..1) when the meter
 * reports them (null otherwise), and `time`: when the hub read it (ISO-8601 UTC).
 */
export const EnergyReadingSchema = v.object({
  power: finite,
  voltage: v.nullable(nonNegative),
  current: v.nullable(nonNegative),
  today: v.nullable(nonNegative),
  yesterday: v.nullable(nonNegative),
  total: v.nullable(nonNegative),
  totalStartTime: v.nullable(v.pipe(v.string(), v.maxLength(32))),
  apparentPower: v.nullable(finite),
  reactivePower: v.nullable(finite),
  factor: v.nullable(v.pipe(v.number(), v.finite(), v.minValue(-1), v.maxValue(1))),
  time: v.pipe(v.string(), v.isoTimestamp()),
});
export type EnergyReading = v.InferOutput<typeof EnergyReadingSchema>;

/**
 * The history events of the family (`GET /events/day`, `device` = the switch's name), each with its
 * unit: active power W, voltage V, current A, today's and the total energy kWh.
 */
export const ENERGY_HISTORY_EVENTS = {
  energy_power: "W",
  energy_voltage: "V",
  energy_current: "A",
  energy_today: "kWh",
  energy_total: "kWh",
} as const;
export type EnergyHistoryEvent = keyof typeof ENERGY_HISTORY_EVENTS;

/** Which reading field each history event records. */
export const ENERGY_EVENT_FIELDS: Readonly<Record<EnergyHistoryEvent, keyof EnergyReading>> = {
  energy_power: "power",
  energy_voltage: "voltage",
  energy_current: "current",
  energy_today: "today",
  energy_total: "total",
};
