import type { EnergyReading } from "../../contract/energy";
import { asObject, ownField, type JsonObject } from "../bridge/guards";

/** The Tasmota messages that carry an `ENERGY` object (router kinds, hub/bridge/router.ts). */
export const ENERGY_KINDS = ["tele/SENSOR", "stat/STATUS10", "stat/STATUS8"] as const;

/** The `ENERGY` object of a `tele/<t>/SENSOR` payload, or of the `StatusSNS` of a `STATUS10` / `STATUS8` answer. */
export function energyObjectOf(kind: string, json: JsonObject): JsonObject | undefined {
  const holder = kind === "tele/SENSOR" ? json : asObject(ownField(json, "StatusSNS"));
  return holder ? asObject(ownField(holder, "ENERGY")) : undefined;
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * One field of a Tasmota ENERGY object for `channel` (1-based relay of a multi-channel meter, or
 * undefined for the whole device): a number as is; an array (one value per channel: Sonoff Dual R3,
 * Shelly 2.5) gives the channel's value, or with no channel the sum (`sum`) or the first value.
 * Null when absent or not a finite number.
 */
function fieldOf(energy: JsonObject, key: string, channel: number | undefined, sum: boolean): number | null {
  const value = ownField(energy, key);
  if (isNumber(value)) return value;
  if (!Array.isArray(value) || value.length === 0 || value.length > 32) return null;
  if (channel !== undefined) {
    const own: unknown = value[channel - 1];
    return isNumber(own) ? own : null;
  }
  if (!value.every(isNumber)) return null;
  return sum ? (value as number[]).reduce((total, item) => total + item, 0) : (value[0] as number);
}

/** A non-negative reading (voltage, current, energy): null when negative (a meter's glitch, never shown). */
const nonNegative = (value: number | null) => (value !== null && value >= 0 ? value : null);

/**
 * The reading of one Tasmota ENERGY object (pure): `Power` W, `Voltage` V, `Current` A, `Today`,
 * `Yesterday` and `Total` kWh, `ApparentPower` VA, `ReactivePower` var, `Factor`, `TotalStartTime`,
 * for the switch bound to relay `channel` (undefined: the device as a whole, per-channel values
 * summed). `receivedAt` becomes `time`. Undefined when the object has no usable `Power`.
 */
export function energyReadingOf(
  energy: JsonObject,
  channel: number | undefined,
  receivedAt: Date,
): EnergyReading | undefined {
  const power = fieldOf(energy, "Power", channel, true);
  if (power === null) return undefined;
  const factor = fieldOf(energy, "Factor", channel, false);
  const start = ownField(energy, "TotalStartTime");
  return {
    power,
    voltage: nonNegative(fieldOf(energy, "Voltage", channel, false)),
    current: nonNegative(fieldOf(energy, "Current", channel, true)),
    today: nonNegative(fieldOf(energy, "Today", channel, true)),
    yesterday: nonNegative(fieldOf(energy, "Yesterday", channel, true)),
    total: nonNegative(fieldOf(energy, "Total", channel, true)),
    totalStartTime: typeof start === "string" && start.length <= 32 ? start : null,
    apparentPower: fieldOf(energy, "ApparentPower", channel, true),
    reactivePower: fieldOf(energy, "ReactivePower", channel, true),
    factor: factor !== null && factor >= -1 && factor <= 1 ? factor : null,
    time: receivedAt.toISOString(),
  };
}
