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
