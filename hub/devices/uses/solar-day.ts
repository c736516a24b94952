import type { Db } from "../../core/db";

/** Where an inverter's energy counter stood at the start of a local day and at its last reading (kWh). */
export interface SolarBaseline {
  day: string;
  startKwh: number;
  lastKwh: number;
}

/**
 * The solar counters' day starts in SQLite (`solar_days`, the pv domain's migration), one row per
 * device: so today's yield computed from a counter survives a restart of the hub.
 */
export class SolarDays {
  constructor(private readonly db: Db) {}

  /** The baseline of `device`, or undefined. */
  get(device: string): SolarBaseline | undefined {
    const row = this.db
      .prepare<[string], { day: string; start_kwh: number; last_kwh: number }>(
        "SELECT day, start_kwh, last_kwh FROM solar_days WHERE device = ?",
      )
      .get(device);
    return row && Number.isFinite(row.start_kwh) && Number.isFinite(row.last_kwh)
      ? { day: row.day, startKwh: row.start_kwh, lastKwh: row.last_kwh }
      : undefined;
  }

  /** Stores `device`'s baseline (replacing the previous day's). */
  set(device: string, baseline: SolarBaseline, now = new Date()): void {
    this.db
      .prepare(
        "INSERT INTO solar_days (device, day, start_kwh, last_kwh, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(device) DO UPDATE SET day = excluded.day, start_kwh = excluded.start_kwh, last_kwh = excluded.last_kwh, updated_at = excluded.updated_at",
      )
      .run(device, baseline.day, baseline.startKwh, baseline.lastKwh, now.toISOString());
  }
}

/**
 * Today's yield from an energy counter (pure): `total` minus the counter at the start of `day`. On
 * the first reading of a new day the day starts where the counter last stood (the reading before
 * midnight, kept across restarts), or at `total` when there is none or the counter went back (reset
 * or replaced). Answers the yield (kWh, 3 decimals) and the baseline to keep (`changed`: store it).
 */
export function todayFromCounter(
  total: number,
  day: string,
  baseline: SolarBaseline | undefined,
): { today: number; baseline: SolarBaseline; changed: boolean } {
  let start = baseline?.day === day ? baseline.startKwh : (baseline?.lastKwh ?? total);
  if (start > total) start = total;
  const next = { day, startKwh: start, lastKwh: total };
  const changed =
    baseline === undefined ||
    baseline.day !== next.day ||
    baseline.startKwh !== next.startKwh ||
    baseline.lastKwh !== next.lastKwh;
  return { today: Math.round((total - start) * 1000) / 1000, baseline: next, changed };
}
