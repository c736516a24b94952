/**
 * PV (solar) logging (spec §7 `POST /pv/log` "form-data body"; docs/contract.md "PV logs"):
 * the upload of an inverter's CSV log, what the hub parsed from it, and the list of stored logs.
 */
import * as v from "valibot";
import { itemOf, itemsOf } from "./envelope";

/** `POST /pv/log` on the general base: `multipart/form-data` with one file in field {@link PV_LOG_FIELD}. */
export const PV_LOG_PATH = "/pv/log";
/** `GET /pv/logs` on the general base (our addition): the stored logs, newest first. */
export const PV_LOGS_PATH = "/pv/logs";
/** The form field holding the CSV file. */
export const PV_LOG_FIELD = "file";
/** Largest log file the hub takes, bytes (2 MiB); a larger one is `413 BAD_REQUEST`. */
export const PV_LOG_MAX_BYTES = 2 * 1024 * 1024;
/** Most readings in one log; more is `400 BAD_REQUEST` naming the line. */
export const PV_LOG_MAX_ROWS = 50_000;
/** How many logs the hub keeps (the oldest go first). */
export const PV_LOGS_KEPT = 100;

/**
 * What the hub parsed from one log: its id, the file name, when it was uploaded, the number of
 * readings, the period they cover (first and last timestamp, ISO-8601), the energy produced in
 * that period (kWh: last cumulative reading minus the first) and the peak power (W).
 */
export const PvLogSummarySchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  uploadedAt: v.pipe(v.string(), v.isoTimestamp()),
  rows: v.pipe(v.number(), v.integer(), v.minValue(1)),
  from: v.pipe(v.string(), v.isoTimestamp()),
  to: v.pipe(v.string(), v.isoTimestamp()),
  energyKwh: v.pipe(v.number(), v.finite(), v.minValue(0)),
  peakW: v.pipe(v.number(), v.finite(), v.minValue(0)),
});
export type PvLogSummary = v.InferOutput<typeof PvLogSummarySchema>;

/** `{item: PvLogSummary}`: the answer of `POST /pv/log`. */
export const PvLogAnswerSchema = itemOf(PvLogSummarySchema);
export type PvLogAnswer = v.InferOutput<typeof PvLogAnswerSchema>;

/** `{items: PvLogSummary[]}`, newest first: the answer of `GET /pv/logs`. */
export const PvLogsAnswerSchema = itemsOf(PvLogSummarySchema);
export type PvLogsAnswer = v.InferOutput<typeof PvLogsAnswerSchema>;

/**
 * The extra field of a `400 BAD_REQUEST` for a log that failed to parse: `line`, the 1-based line
 * of the file that failed (the message says why: `line 7: power: not a number`).
 */
export const PvLogErrorSchema = v.looseObject({
  code: v.string(),
  message: v.optional(v.string()),
  line: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type PvLogError = v.InferOutput<typeof PvLogErrorSchema>;

/**
 * The PV screen's charts and the live solar tile. Days and months are the household's local ones
 * ({@link PV_TIME_ZONE}): a day runs from local midnight to the next (23 or 25 hours on a DST change).
 */
export const PV_TIME_ZONE = "Europe/Warsaw";
/** `GET /pv/day?day=YYYY-MM-DD` on the general base: the day's power and energy (answer {@link PvDayAnswerSchema}). */
export const PV_DAY_PATH = "/pv/day";
/** `GET /pv/month?month=YYYY-MM` on the general base: energy per day of the month (answer {@link PvMonthAnswerSchema}). */
export const PV_MONTH_PATH = "/pv/month";
/** Width of one point of a day's power curve: the average and the peak of the readings in it, ms (5 minutes). */
export const PV_DAY_BUCKET_MS = 5 * 60_000;
/** The years a day or month may be asked for (bounded ranges: anything else is 400 BAD_REQUEST). */
export const PV_YEARS = { min: 2000, max: 2099 } as const;

const inYears = (year: number) => year >= PV_YEARS.min && year <= PV_YEARS.max;

/** A calendar day `YYYY-MM-DD` that exists, in {@link PV_YEARS}. */
export const PvDaySchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD"),
  v.check((text) => {
    const [y, m, d] = text.split("-").map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return inYears(y) && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, `must be a real date in ${PV_YEARS.min}..${PV_YEARS.max}`),
);
/** A month `YYYY-MM` in {@link PV_YEARS}. */
export const PvMonthSchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be YYYY-MM"),
  v.check((text) => inYears(Number(text.slice(0, 4))), `must be in ${PV_YEARS.min}..${PV_YEARS.max}`),
);
/** The query of `GET /pv/day`: `day` only (unknown keys refused). */
export const PvDayQuerySchema = v.strictObject({ day: PvDaySchema });
/** The query of `GET /pv/month`: `month` only (unknown keys refused). */
export const PvMonthQuerySchema = v.strictObject({ month: PvMonthSchema });

const watts = v.pipe(v.number(), v.finite(), v.minValue(0));
const kwh = v.pipe(v.number(), v.finite(), v.minValue(0));

/** One point of a day's power curve: the bucket's start (ISO-8601), its average power and its peak, W. */
export const PvPowerPointSchema = v.object({ time: v.pipe(v.string(), v.isoTimestamp()), powerW: watts, peakW: watts });
export type PvPowerPoint = v.InferOutput<typeof PvPowerPointSchema>;

/**
 * A day from the uploaded logs: `day`, its local window `from`..`to` (ISO-8601), the power curve in
 * {@link PV_DAY_BUCKET_MS} buckets (oldest first, only buckets with readings), the energy produced
 * that day (kWh: each log's meter increase within the day; overlapping logs counted once) and the
 * peak power (W); both null when no log covers the day.
 */
export const PvDayStatsSchema = v.object({
  day: PvDaySchema,
  from: v.pipe(v.string(), v.isoTimestamp()),
  to: v.pipe(v.string(), v.isoTimestamp()),
  points: v.pipe(v.array(PvPowerPointSchema), v.maxLength(300)),
  energyKwh: v.nullable(kwh),
  peakW: v.nullable(watts),
});
export type PvDayStats = v.InferOutput<typeof PvDayStatsSchema>;
export const PvDayAnswerSchema = itemOf(PvDayStatsSchema);
export type PvDayAnswer = v.InferOutput<typeof PvDayAnswerSchema>;

/** One day of a month: its energy (kWh) and peak power (W), null when no log covers it. */
export const PvMonthDaySchema = v.object({ day: PvDaySchema, energyKwh: v.nullable(kwh), peakW: v.nullable(watts) });
export type PvMonthDay = v.InferOutput<typeof PvMonthDaySchema>;

/**
 * A month from the uploaded logs: every day of it in order (28..31 entries), the month's total
 * energy (kWh, the days' sum) and peak power (W); both null when no log covers any day of it.
 */
export const PvMonthStatsSchema = v.object({
  month: PvMonthSchema,
  days: v.pipe(v.array(PvMonthDaySchema), v.minLength(28), v.maxLength(31)),
  energyKwh: v.nullable(kwh),
  peakW: v.nullable(watts),
});
export type PvMonthStats = v.InferOutput<typeof PvMonthStatsSchema>;
export const PvMonthAnswerSchema = itemOf(PvMonthStatsSchema);
export type PvMonthAnswer = v.InferOutput<typeof PvMonthAnswerSchema>;

/** The family's topic level under `device/<name>/` (contract/topics.ts deviceFamilyTopic). */
export const SOLAR_FAMILY = "solar";
/** `device/<name>/solar`: an adopted inverter's live reading ({@link SolarReadingSchema}, retained); `name` is the solar use's. */
export function solarTopic(name: string): string {
  return `device/${name}/${SOLAR_FAMILY}`;
}

/**
 * An adopted inverter's live reading: `power` W now, `today` kWh produced since local midnight
 * ({@link PV_TIME_ZONE}; the inverter's own `Today` when it reports one, else its energy counter's
 * increase since midnight; null until known), `total` kWh its counter (null without one), `time`
 * when the hub read it (ISO-8601 UTC).
 */
export const SolarReadingSchema = v.object({
  power: v.pipe(v.number(), v.finite()),
  today: v.nullable(kwh),
  total: v.nullable(kwh),
  time: v.pipe(v.string(), v.isoTimestamp()),
});
export type SolarReading = v.InferOutput<typeof SolarReadingSchema>;
