import {
  PV_DAY_BUCKET_MS,
  PV_TIME_ZONE,
  type PvDayStats,
  type PvMonthDay,
  type PvMonthStats,
  type PvPowerPoint,
} from "../../contract/pv";
import { instantOf, wallTimeOf } from "../automations/schedule";
import type { PvReading } from "./csv";

/** A local day's window, epoch ms `[fromMs, toMs)`: local midnight to the next (23 or 25 hours on a DST change). */
export interface DayWindow {
  day: string;
  fromMs: number;
  toMs: number;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The window of `YYYY-MM-DD` in `timeZone` (default {@link PV_TIME_ZONE}); the caller has checked the date. */
export function dayWindowOf(day: string, timeZone = PV_TIME_ZONE): DayWindow {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return {
    day,
    fromMs: instantOf(y, m, d, 0, 0, timeZone),
    toMs: instantOf(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0, timeZone),
  };
}

/** `YYYY-MM-DD` of the local day (in `timeZone`) holding `instant` (epoch ms). */
export function localDayOf(instant: number, timeZone = PV_TIME_ZONE): string {
  const wall = wallTimeOf(instant, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** Every day of `YYYY-MM` as its window, in order. */
export function monthDays(month: string, timeZone = PV_TIME_ZONE): DayWindow[] {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => dayWindowOf(`${month}-${pad(i + 1)}`, timeZone));
}

/** kWh rounded to Wh (3 decimals), as the log summaries are. */
const roundKwh = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The energy of one day from several logs' readings within it (each list in time order): each log
 * gives its meter's increase over its readings of the day and the span they cover; logs whose spans
 * overlap (the same inverter uploaded twice, a week's log and a month's) count once, the larger
 * first; disjoint spans (a morning's log and an afternoon's) add up. Null when no log has two readings.
 */
export function dayEnergy(logs: Iterable<readonly PvReading[]>): number | null {
  const spans: { from: number; to: number; kwh: number }[] = [];
  for (const readings of logs) {
    const first = readings[0];
    const last = readings[readings.length - 1];
    if (first && last && readings.length >= 2)
      spans.push({ from: first.timeMs, to: last.timeMs, kwh: Math.max(0, last.energyKwh - first.energyKwh) });
  }
  if (spans.length === 0) return null;
  spans.sort((a, b) => b.kwh - a.kwh);
  const taken: typeof spans = [];
  for (const span of spans)
    if (!taken.some((other) => span.from <= other.to && other.from <= span.to)) taken.push(span);
  return roundKwh(taken.reduce((sum, span) => sum + span.kwh, 0));
}

/** The highest power of any reading, W, or null when there is none. */
function peakOf(logs: Iterable<readonly PvReading[]>): number | null {
  let peak: number | null = null;
  for (const readings of logs) for (const r of readings) if (peak === null || r.powerW > peak) peak = r.powerW;
  return peak;
}

/**
 * The power curve of a day in {@link PV_DAY_BUCKET_MS} buckets counted from its local midnight:
 * the average and the highest power of the readings in each bucket (every log's), oldest first;
 * buckets without readings are left out (the chart shows a gap).
 */
export function powerCurve(window: DayWindow, logs: Iterable<readonly PvReading[]>): PvPowerPoint[] {
  const buckets = new Map<number, { sum: number; n: number; peak: number }>();
  for (const readings of logs)
    for (const r of readings) {
      if (r.timeMs < window.fromMs || r.timeMs >= window.toMs) continue;
      const start = window.fromMs + Math.floor((r.timeMs - window.fromMs) / PV_DAY_BUCKET_MS) * PV_DAY_BUCKET_MS;
      const bucket = buckets.get(start) ?? { sum: 0, n: 0, peak: 0 };
      bucket.sum += r.powerW;
      bucket.n += 1;
      bucket.peak = Math.max(bucket.peak, r.powerW);
      buckets.set(start, bucket);
    }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, b]) => ({
      time: new Date(start).toISOString(),
      powerW: Math.round((b.sum / b.n) * 10) / 10,
      peakW: b.peak,
    }));
}

/** The readings of each log that fall in `window` (each log's list stays in time order). */
function within(window: DayWindow, logs: Iterable<readonly PvReading[]>): PvReading[][] {
  const out: PvReading[][] = [];
  for (const readings of logs) {
    const inside = readings.filter((r) => r.timeMs >= window.fromMs && r.timeMs < window.toMs);
    if (inside.length > 0) out.push(inside);
  }
  return out;
}

/** A day's chart and figures (contract/pv.ts PvDayStats) from the readings of every log, grouped by log in time order. */
export function dayStats(window: DayWindow, logs: Iterable<readonly PvReading[]>): PvDayStats {
  const inside = within(window, logs);
  return {
    day: window.day,
    from: new Date(window.fromMs).toISOString(),
    to: new Date(window.toMs).toISOString(),
    points: powerCurve(window, inside),
    energyKwh: dayEnergy(inside),
    peakW: peakOf(inside),
  };
}

/**
 * A month's days (contract/pv.ts PvMonthStats): each day's energy and peak ({@link dayEnergy}) and
 * the month's total (the days' sum) and peak; null figures where no log covers a day.
 */
export function monthStats(
  month: string,
  days: readonly DayWindow[],
  logs: readonly (readonly PvReading[])[],
): PvMonthStats {
  const items: PvMonthDay[] = days.map((window) => {
    const inside = within(window, logs);
    return { day: window.day, energyKwh: dayEnergy(inside), peakW: peakOf(inside) };
  });
  const known = items.filter((item) => item.energyKwh !== null || item.peakW !== null);
  return {
    month,
    days: items,
    energyKwh: known.length === 0 ? null : roundKwh(known.reduce((sum, item) => sum + (item.energyKwh ?? 0), 0)),
    peakW: known.length === 0 ? null : Math.max(...known.map((item) => item.peakW ?? 0)),
  };
}
