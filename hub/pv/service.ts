import { PV_LOG_MAX_BYTES, type PvDayStats, type PvLogSummary, type PvMonthStats } from "../../contract/pv";
import { dayStats, dayWindowOf, monthDays, monthStats } from "./aggregate";
import { HubError } from "../core/errors";
import { parsePvCsv } from "./csv";
import type { PvStore } from "./store";

/** A file name as stored and shown: the base name, control characters removed, at most 200 characters; `log.csv` when none is left. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 200);
  return clean === "" ? "log.csv" : clean;
}

/**
 * PV logging (spec §7 `POST /pv/log`): parses an uploaded CSV (hub/pv/csv.ts; format in
 * hub/examples/pv-log.md), stores it and answers its summary. No HTTP in here.
 */
export class PvService {
  constructor(private readonly store: PvStore) {}

  /**
   * Parses and stores the log `bytes` uploaded as `fileName`; returns its summary.
   * @throws HubError BAD_REQUEST (400) when it is not UTF-8 text or a line fails, with `{line}` (1-based)
   *   and a message `line <n>: <what>`; nothing is stored then.
   */
  upload(fileName: string | undefined, bytes: Buffer): PvLogSummary {
    if (bytes.length > PV_LOG_MAX_BYTES) throw new HubError("BAD_REQUEST", "file: larger than the upload limit");
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new HubError("BAD_REQUEST", "file: not UTF-8 text");
    }
    const parsed = parsePvCsv(text);
    if (!parsed.ok) throw new HubError("BAD_REQUEST", `line ${parsed.line}: ${parsed.reason}`, { line: parsed.line });
    return this.store.add(cleanFileName(fileName), parsed.log);
  }

  /** The stored logs, newest first. */
  list(): PvLogSummary[] {
    return this.store.list();
  }

  /** The day `YYYY-MM-DD` (checked by the route) from every stored log: power curve, energy, peak (hub/pv/aggregate.ts). */
  day(day: string): PvDayStats {
    const window = dayWindowOf(day);
    return dayStats(window, this.store.readingsBetween(window.fromMs, window.toMs));
  }

  /** The month `YYYY-MM` (checked by the route) from every stored log: each day's energy and peak, the total. */
  month(month: string): PvMonthStats {
    const days = monthDays(month);
    const first = days[0];
    const last = days[days.length - 1];
    const readings = first && last ? this.store.readingsBetween(first.fromMs, last.toMs) : [];
    return monthStats(month, days, readings);
  }
}
