/**
 * History of live values (spec §3 "History event", §7 `GET /events/day`, §9 "History";
 * docs/contract.md "History"): the query, the answer, and the bucket, slot and window arithmetic
 * both the hub (which records and aggregates) and the dashboard (which draws the day) use.
 */
import * as v from "valibot";
import { itemsOf } from "./envelope";
import { SENSOR_KINDS } from "./sensors";

/** Path of the day's history on the general base (spec §7). */
export const EVENTS_DAY_PATH = "/events/day";

/** One minute, ms. */
export const MINUTE_MS = 60_000;
/** Default aggregation bucket, ms (spec §9: 5 minutes). */
export const DEFAULT_BUCKET_MS = 5 * MINUTE_MS;
/** Slot width, ms (spec §9: 1 hour): the chart's grid step and the lead of the window. */
export const SLOT_MS = 60 * MINUTE_MS;
/** One day, ms. */
export const DAY_MS = 24 * SLOT_MS;
/** Length of the window of a day's history, ms (spec §9: one day plus one slot). */
export const WINDOW_MS = DAY_MS + SLOT_MS;
/** Smallest and largest bucket a caller may ask for, minutes. */
export const BUCKET_MINUTES_RANGE = { min: 1, max: 60 } as const;
/** Most events, and most devices, one call may name (each list on its own). */
export const MAX_SERIES_PER_CALL = 16;
/**
 * Most buckets one answer of `GET /events/day` may span: events × devices × the buckets of the
 * asked width in the window ({@link answerBuckets}). 16 series at the default 5 minutes (16 × 300)
 * or 3 by the minute (3 × 1,500); the dashboard's chart asks 1 × 1 × 300. A larger query is
 * refused with 400 naming this limit, so an answer holds at most 4,800 items: about 0.7 MB with
 * 30-character device names, never more than 3.1 MB (160-character names of 3-byte characters).
 */
export const MAX_BUCKETS_PER_ANSWER = 4_800;

/**
 * What is recorded (docs/contract.md "History"): every sensor kind (`device` = the place), and
 * `power` (`device` = `<switch device>/POWER<n>`, value 1 on, 0 off).
 */
export const HISTORY_EVENTS = [...SENSOR_KINDS, "power"] as const;
/** One of the built-in {@link HISTORY_EVENTS}. */
export type BuiltInHistoryEvent = (typeof HISTORY_EVENTS)[number];
/**
 * A recorded event's name: a built-in one of {@link HISTORY_EVENTS}, or one a hub domain declares
 * (hub/history/contribution.ts, e.g. the energy family's `energy_power`). The hub answers 400
 * naming `event` for a name no domain of it records.
 */
export type HistoryEvent = string;
/** An event name's form: `^[a-z][a-z0-9_]{0,31}$` (which names are recorded is the hub's to say). */
export const HistoryEventSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z][a-z0-9_]{0,31}$/, "must be a recorded event: lowercase letters, digits, _"),
);

/** A recorded device id: a place or `<device>/POWER<n>`, 1..160 characters, no `+ #` or control characters. */
export const HistoryDeviceSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(160),
  // eslint-disable-next-line no-control-regex
  v.regex(/^[^+#\u0000-\u001f\u007f]+$/, "must not contain + # or control characters"),
);

/** A calendar day, `YYYY-MM-DD`, that exists (2026-02-30 does not). */
export const DaySchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD"),
  v.check((text) => dayStart(text) !== null, "must be a real date"),
);

const countRule = `1..${MAX_SERIES_PER_CALL} values`;

/** `event` of the query: once (a string) or repeated (an array: spec §7, repeated keys). */
const EventListSchema = v.pipe(
  v.union([HistoryEventSchema, v.array(HistoryEventSchema)]),
  v.transform((value): HistoryEvent[] => (Array.isArray(value) ? value : [value])),
  v.check((list: HistoryEvent[]) => list.length >= 1 && list.length <= MAX_SERIES_PER_CALL, countRule),
);

/** `device` of the query: once or repeated. */
const DeviceListSchema = v.pipe(
  v.union([HistoryDeviceSchema, v.array(HistoryDeviceSchema)]),
  v.transform((value): string[] => (Array.isArray(value) ? value : [value])),
  v.check((list: string[]) => list.length >= 1 && list.length <= MAX_SERIES_PER_CALL, countRule),
);

/**
 * The query of `GET /events/day`: `day` (YYYY-MM-DD, the hub's local day), `event` and `device`
 * (one or more each, repeated keys; every event is asked for every device), `bucket` (minutes,
 * 1..60, default 5). Unknown keys are refused.
 */
export const EventsDayQuerySchema = v.strictObject({
  day: DaySchema,
  event: EventListSchema,
  device: DeviceListSchema,
  bucket: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, "must be whole minutes"),
      v.transform(Number),
      v.minValue(BUCKET_MINUTES_RANGE.min),
      v.maxValue(BUCKET_MINUTES_RANGE.max),
    ),
  ),
});
export type EventsDayQuery = v.InferOutput<typeof EventsDayQuerySchema>;

/**
 * One history event (spec §3: time and value): the bucket's start (ISO-8601) and the average of the
 * values recorded in it, with the bucket's lowest and highest value and which series it belongs to.
 */
export const HistoryItemSchema = v.object({
  event: HistoryEventSchema,
  device: HistoryDeviceSchema,
  time: v.pipe(v.string(), v.isoTimestamp()),
  value: v.pipe(v.number(), v.finite()),
  min: v.pipe(v.number(), v.finite()),
  max: v.pipe(v.number(), v.finite()),
});
export type HistoryItem = v.InferOutput<typeof HistoryItemSchema>;

/** `{items:[HistoryItem]}`, oldest first per series: the answer of `GET /events/day`. */
export const EventsDayAnswerSchema = itemsOf(HistoryItemSchema);
export type EventsDayAnswer = v.InferOutput<typeof EventsDayAnswerSchema>;

/**
 * Local midnight of a `YYYY-MM-DD` day in the running process's time zone, epoch ms; null for a
 * malformed or impossible date. DST days are 23 or 25 hours long; the window below still starts
 * at their midnight.
 */
export function dayStart(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(year, month - 1, date);
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== date) return null;
  return start.getTime();
}

/** `YYYY-MM-DD` of the local day containing `epochMs`. */
export function dayOf(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The window of a day's history (spec §9: one day plus one slot), epoch ms, `[from, to)`: from one
 * slot (1 hour) before the day's local midnight, so the chart opens with the evening before, to the
 * next midnight. Null for a bad day.
 */
export function dayWindow(day: string): { from: number; to: number } | null {
  const start = dayStart(day);
  if (start === null) return null;
  return { from: start - SLOT_MS, to: start - SLOT_MS + WINDOW_MS };
}

/** The start of the bucket of width `bucketMs` holding `time`, counted from `origin` (epoch ms). */
export function bucketStart(time: number, origin: number, bucketMs: number): number {
  return origin + Math.floor((time - origin) / bucketMs) * bucketMs;
}

/** How many buckets of `bucketMs` fill the window (spec §9 default: 300 of 5 minutes in 25 hours). */
export function bucketCount(bucketMs: number = DEFAULT_BUCKET_MS): number {
  return Math.ceil(WINDOW_MS / bucketMs);
}

/** The buckets a query spans at most: events × devices × {@link bucketCount} of its bucket width. */
export function answerBuckets(query: Pick<EventsDayQuery, "event" | "device" | "bucket">): number {
  return (
    query.event.length *
    query.device.length *
    bucketCount(query.bucket === undefined ? DEFAULT_BUCKET_MS : query.bucket * MINUTE_MS)
  );
}

/** The slot boundaries (every hour) inside `[from, to]`, epoch ms: the chart's grid lines. */
export function slotTicks(from: number, to: number): number[] {
  const ticks: number[] = [];
  for (let tick = Math.ceil(from / SLOT_MS) * SLOT_MS; tick <= to; tick += SLOT_MS) ticks.push(tick);
  return ticks;
}
