import * as v from "valibot";
import { PV_LOGS_KEPT, PvLogSummarySchema, type PvLogSummary } from "../../contract/pv";
import type { Db } from "../core/db";
import type { ParsedPvLog, PvReading } from "./csv";

type LogRow = {
  id: number;
  name: string;
  uploaded_at: string;
  rows: number;
  from_time: string;
  to_time: string;
  energy_kwh: number;
  peak_w: number;
};

/**
 * The PV logs' SQLite tables (migration 9): each uploaded log's summary and readings, at most
 * `kept` logs (the oldest deleted with their readings). Summaries are validated on read.
 */
export class PvStore {
  constructor(
    private readonly db: Db,
    private readonly kept = PV_LOGS_KEPT,
  ) {}

  /** Stores a parsed log named `name` in one transaction; returns its summary. */
  add(name: string, log: ParsedPvLog, now = new Date()): PvLogSummary {
    return this.db.transaction(() => {
      const from = new Date(log.fromMs).toISOString();
      const to = new Date(log.toMs).toISOString();
      const result = this.db
        .prepare(
          "INSERT INTO pv_logs (name, uploaded_at, rows, from_time, to_time, energy_kwh, peak_w) VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .run(name, now.toISOString(), log.rows, from, to, log.energyKwh, log.peakW);
      const id = Number(result.lastInsertRowid);
      const insert = this.db.prepare(
        "INSERT INTO pv_readings (log_id, time_ms, power_w, energy_kwh) VALUES (?, ?, ?, ?)",
      );
      for (const reading of log.readings) insert.run(id, reading.timeMs, reading.powerW, reading.energyKwh);
      this.db
        .prepare("DELETE FROM pv_logs WHERE id NOT IN (SELECT id FROM pv_logs ORDER BY id DESC LIMIT ?)")
        .run(this.kept);
      return {
        id,
        name,
        uploadedAt: now.toISOString(),
        rows: log.rows,
        from,
        to,
        energyKwh: log.energyKwh,
        peakW: log.peakW,
      };
    })();
  }

  /** The stored logs' summaries, newest first. */
  list(): PvLogSummary[] {
    const rows = this.db.prepare<[], LogRow>("SELECT * FROM pv_logs ORDER BY id DESC").all();
    const logs: PvLogSummary[] = [];
    for (const row of rows) {
      const summary = {
        id: row.id,
        name: row.name,
        uploadedAt: row.uploaded_at,
        rows: row.rows,
        from: row.from_time,
        to: row.to_time,
        energyKwh: row.energy_kwh,
        peakW: row.peak_w,
      };
      if (v.is(PvLogSummarySchema, summary)) logs.push(summary);
    }
    return logs;
  }

  /** How many readings log `id` has stored. */
  readingCount(id: number): number {
    return (
      this.db.prepare<[number], { n: number }>("SELECT COUNT(*) AS n FROM pv_readings WHERE log_id = ?").get(id)?.n ?? 0
    );
  }

  /**
   * Every stored reading with `fromMs <= time < toMs`, grouped by log (each group in time order; the
   * index `pv_readings_time` keeps a month's query to its own rows).
   */
  readingsBetween(fromMs: number, toMs: number): PvReading[][] {
    const rows = this.db
      .prepare<[number, number], { log_id: number; time_ms: number; power_w: number; energy_kwh: number }>(
        "SELECT log_id, time_ms, power_w, energy_kwh FROM pv_readings WHERE time_ms >= ? AND time_ms < ? ORDER BY log_id, time_ms",
      )
      .all(fromMs, toMs);
    const byLog = new Map<number, PvReading[]>();
    for (const row of rows) {
      const list = byLog.get(row.log_id) ?? [];
      list.push({ timeMs: row.time_ms, powerW: row.power_w, energyKwh: row.energy_kwh });
      byLog.set(row.log_id, list);
    }
    return [...byLog.values()];
  }
}
