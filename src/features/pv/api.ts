import * as v from "valibot";
import type { ApiClient } from "../../lib/api/client";
import {
  PV_DAY_PATH,
  PV_MONTH_PATH,
  PvDayAnswerSchema,
  PvMonthAnswerSchema,
  type PvDayStats,
  type PvMonthStats,
  PV_LOG_FIELD,
  PV_LOG_PATH,
  PV_LOGS_PATH,
  PvLogAnswerSchema,
  PvLogErrorSchema,
  PvLogsAnswerSchema,
  type PvLogSummary,
} from "../../../contract/pv";
import { ApiError, isApiError } from "../../lib/api/errors";
import { postForm, type UploadProgress } from "./upload";

/** GET /pv/logs on the general base: the stored logs, newest first. Rejects with ApiError. */
export async function fetchPvLogs(general: ApiClient): Promise<PvLogSummary[]> {
  return (await general.get(PV_LOGS_PATH, { schema: PvLogsAnswerSchema })).data.items;
}

/** GET /pv/day?day=YYYY-MM-DD on the general base: the day's power curve, energy and peak. Rejects with ApiError. */
export async function fetchPvDay(general: ApiClient, day: string, signal?: AbortSignal): Promise<PvDayStats> {
  return (await general.get(PV_DAY_PATH, { schema: PvDayAnswerSchema, query: { day }, ...(signal ? { signal } : {}) }))
    .data.item;
}

/** GET /pv/month?month=YYYY-MM on the general base: each day's energy and peak, the month's total. Rejects with ApiError. */
export async function fetchPvMonth(general: ApiClient, month: string, signal?: AbortSignal): Promise<PvMonthStats> {
  return (
    await general.get(PV_MONTH_PATH, { schema: PvMonthAnswerSchema, query: { month }, ...(signal ? { signal } : {}) })
  ).data.item;
}

/**
 * POST /pv/log (spec §7, form-data): uploads `file` in field `file` with progress; resolves with
 * what the hub parsed. Runs on the task queue (spec §7), never retried. Rejects with ApiError (a bad
 * file: 400 whose body has `line`, see {@link failedLine}); a failure is reported to `general` like
 * its own calls' (spec §4: an AUTH_SESSION_LOCKED answer locks the session).
 */
export async function uploadPvLog(
  general: ApiClient,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): Promise<PvLogSummary> {
  const form = new FormData();
  form.append(PV_LOG_FIELD, file, file.name);
  let body: unknown;
  try {
    body = await general.inQueue("task", () =>
      postForm(`${general.baseUrl}${PV_LOG_PATH}`, form, onProgress ? { onProgress } : {}),
    );
  } catch (error) {
    throw general.report(error);
  }
  const parsed = v.safeParse(PvLogAnswerSchema, body);
  if (!parsed.success) throw new ApiError("Invalid response from /pv/log", { kind: "server", body });
  return parsed.output.item;
}

/** The line a refused log failed on, with the hub's message (`line 5: power: not a number`), or null. */
export function failedLine(error: unknown): { line: number; message: string } | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const parsed = v.safeParse(PvLogErrorSchema, error.body);
  if (!parsed.success || parsed.output.line === undefined) return null;
  return { line: parsed.output.line, message: parsed.output.message ?? "" };
}
