import { AUTOMATION_TIME_ZONE, type Weekday } from "../../contract/automations";
import { zonePartsFormat } from "../core/zone-parts";

/** A wall-clock date and time in the automations' time zone. */
export interface WallTime {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** ISO weekday, 1 Monday .. 7 Sunday. */
  weekday: Weekday;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The ISO weekday (1 Monday .. 7 Sunday) of a calendar date. */
function weekdayOf(year: number, month: number, day: number): Weekday {
  const sunday0 = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return (sunday0 === 0 ? 7 : sunday0) as Weekday;
}

/** The wall clock of `instant` (epoch ms) in `timeZone` (default Europe/Warsaw). */
export function wallTimeOf(instant: number, timeZone = AUTOMATION_TIME_ZONE): WallTime {
  const parts: Record<string, number> = {};
  for (const part of zonePartsFormat(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const year = parts.year ?? 1970;
  const month = parts.month ?? 1;
  const day = parts.day ?? 1;
  return { year, month, day, hour: parts.hour ?? 0, minute: parts.minute ?? 0, weekday: weekdayOf(year, month, day) };
}

/** The zone's offset from UTC at `instant`, in ms (Warsaw: +1 h in winter, +2 h in summer). */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallTimeOf(instant, timeZone);
  const seconds = new Date(instant).getUTCSeconds();
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, seconds);
  return asUtc - (instant - (instant % 1000));
}

/**
 * The instant (epoch ms) a wall-clock time happens in `timeZone`. A time that happens twice (the
 * autumn change) gives the first; a time that does not happen (skipped by the spring change) gives
 * the instant the clock would show it with the offset before the gap: 02:30 becomes 03:30.
 */
export function instantOf(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone = AUTOMATION_TIME_ZONE,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const before = offsetAt(wall - 12 * HOUR_MS, timeZone);
  const after = offsetAt(wall + 12 * HOUR_MS, timeZone);
  const candidates = [...new Set([wall - before, wall - after])].filter(
    (instant) => instant + offsetAt(instant, timeZone) === wall,
  );
  if (candidates.length > 0) return Math.min(...candidates);
  return wall - before;
}

/**
 * The first instant strictly after `after` (epoch ms) when a time trigger fires: `time` ("HH:MM",
 * wall clock of `timeZone`) on one of `days` (ISO weekdays). Null when `days` is empty or the time
 * is malformed.
 */
export function nextOccurrence(
  trigger: { time: string; days: readonly Weekday[] },
  after: number,
  timeZone = AUTOMATION_TIME_ZONE,
): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(trigger.time);
  if (!match || trigger.days.length === 0) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const today = wallTimeOf(after, timeZone);
  // Calendar arithmetic on a UTC date: day offsets never meet a DST change.
  const base = Date.UTC(today.year, today.month - 1, today.day);
  for (let offset = 0; offset <= 8; offset++) {
    const date = new Date(base + offset * DAY_MS);
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth() + 1;
    const day = date.getUTCDate();
    if (!trigger.days.includes(weekdayOf(year, month, day))) continue;
    const instant = instantOf(year, month, day, hour, minute, timeZone);
    if (instant > after) return instant;
  }
  return null;
}

/**
 * The smallest of `values` (epoch ms of the next time triggers), or undefined when there are none.
 * A loop, not `Math.min(...values)`: spreading passes every value as an argument, which throws a
 * RangeError past the engine's argument limit (about 125,000 values in Node 20).
 */
export function earliest(values: Iterable<number>): number | undefined {
  let min: number | undefined;
  for (const value of values) if (min === undefined || value < min) min = value;
  return min;
}
