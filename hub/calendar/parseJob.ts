import type { CalendarErrorCode } from "../../contract/calendar";
import { CalendarFailure, checkIcs, expandIcs, parseIcs, type Occurrence } from "./ics";

/** What the calendar worker is asked: an ICS file's bytes and the window [`from`, `to`) (epoch ms) to expand. */
export type ParseRequest = {
  readonly job: number;
  readonly bytes: Uint8Array;
  readonly from: number;
  readonly to: number;
};

/** The worker's answer to job `job`: the window's occurrences and the events skipped, or the refusal's code. */
export type ParseAnswer =
  | { readonly job: number; readonly ok: true; readonly occurrences: Occurrence[]; readonly skipped: number }
  | { readonly job: number; readonly ok: false; readonly code: CalendarErrorCode; readonly message: string };

/** The worker's first message, once ical.js and the checks are loaded (job timers start after it). */
export type WorkerReady = { readonly ready: true };

/**
 * One request done where it runs (the worker; tests may call it directly): the bytes checked
 * ({@link checkIcs}), parsed ({@link parseIcs}) and expanded over the window ({@link expandIcs}).
 * Never throws: a refusal is answered by its CalendarFailure code, anything else as `invalid`.
 */
export function runParseRequest(request: ParseRequest): ParseAnswer {
  try {
    const parsed = parseIcs(checkIcs(request.bytes));
    const occurrences = expandIcs(parsed, request.from, request.to);
    return { job: request.job, ok: true, occurrences, skipped: parsed.skipped };
  } catch (error) {
    if (error instanceof CalendarFailure)
      return { job: request.job, ok: false, code: error.code, message: error.message };
    return { job: request.job, ok: false, code: "invalid", message: error instanceof Error ? error.message : "failed" };
  }
}
