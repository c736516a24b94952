import type { HistoryEvent } from "../../contract/history";
import { MINUTE_MS } from "../../contract/history";
import type { Db } from "../core/db";

/**
 * How history stays bounded in size (docs/contract.md "History", hub/README.md):
 * - recent rows are one per series and minute (`span` 1 minute) for {@link HISTORY_LIMITS.rawKeepMs};
 * - older rows are compacted to one per quarter hour (sum, count, min and max merged, so averages
 *   stay exact) and kept for {@link HISTORY_LIMITS.keepMs}, then deleted;
 * - only the household's series are recorded (its sensors, the relays its switches have:
 *   series-filter.ts), at most {@link HISTORY_LIMITS.maxSeriesPerDevice} per device (a sensor's
 *   place, a switch) and {@link HISTORY_LIMITS.maxSeries} in all (event and device pairs): a value of
 *   a further series is not stored (counted as refused, logged once).
 * Worst case: 200 series x (2 days x 1,440 + 88 days x 96) = about 2.3 million rows (about 150 MB).
 */
export const HISTORY_LIMITS = {
  rawKeepMs: 2 * 24 * 60 * MINUTE_MS,
  compactedSpanMs: 15 * MINUTE_MS,
  keepMs: 90 * 24 * 60 * MINUTE_MS,
  maxSeries: 200,
  maxSeriesPerDevice: 32,
} as const;

/** One aggregate of one series over `[time, time + span)`, epoch ms. */
export type HistoryRow = {
  event: HistoryEvent;
  device: string;
  time: number;
  span: number;
  sum: number;
  count: number;
  min: number;
  max: number;
};

/** One bucket of an answer: its start (epoch ms), the average, lowest and highest value. */
export type HistoryBucket = {
  event: HistoryEvent;
  device: string;
  time: number;
  value: number;
  min: number;
  max: number;
};

/** The SQLite table `history` (migration 11): writes merge into a series' minute, reads aggregate to buckets. */
export class HistoryStore {
  private readonly upsert;
  private readonly seriesCount;
  private readonly hasSeries;

  constructor(private readonly db: Db) {
    this.upsert = db.prepare<[string, string, number, number, number, number, number, number]>(
      `INSERT INTO history (event, device, time, span, sum, count, min, max) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (event, device, time) DO UPDATE SET sum = sum + excluded.sum, count = count + excluded.count,
         min = MIN(min, excluded.min), max = MAX(max, excluded.max), span = MAX(span, excluded.span)`,
    );
    this.seriesCount = db.prepare<[], { n: number }>(
      "SELECT COUNT(*) AS n FROM (SELECT DISTINCT event, device FROM history)",
    );
    this.hasSeries = db.prepare<[string, string], { one: number }>(
      "SELECT 1 AS one FROM history WHERE event = ? AND device = ? LIMIT 1",
    );
  }

  /** The series already stored (event, device), read once at start by the recorder for its cap. */
  series(): { event: string; device: string }[] {
    return this.db.prepare<[], { event: string; device: string }>("SELECT DISTINCT event, device FROM history").all();
  }

  /** How many series are stored. */
  countSeries(): number {
    return this.seriesCount.get()?.n ?? 0;
  }

  /** True when the series has any row. */
  knows(event: string, device: string): boolean {
    return this.hasSeries.get(event, device) !== undefined;
  }

  /** Merges rows into the table in one transaction (a row for an existing minute adds to it). */
  write(rows: readonly HistoryRow[]): void {
    if (rows.length === 0) return;
    this.db.transaction(() => {
      for (const r of rows) this.upsert.run(r.event, r.device, r.time, r.span, r.sum, r.count, r.min, r.max);
    })();
  }

  /**
   * Aggregates the series of `events` x `devices` over `[from, to)` into buckets of `bucketMs`
   * counted from `from`: average (sum / count), min and max; oldest first per series; empty buckets
   * are left out.
   */
  buckets(
    events: readonly string[],
    devices: readonly string[],
    from: number,
    to: number,
    bucketMs: number,
  ): HistoryBucket[] {
    const marks = (list: readonly unknown[]) => list.map(() => "?").join(", ");
    const sql = `SELECT event, device, CAST(? AS INTEGER) + ((time - CAST(? AS INTEGER)) / CAST(? AS INTEGER)) * CAST(? AS INTEGER) AS bucket, SUM(sum) / SUM(count) AS value, MIN(min) AS min, MAX(max) AS max
      FROM history WHERE event IN (${marks(events)}) AND device IN (${marks(devices)}) AND time >= ? AND time < ?
      GROUP BY event, device, bucket ORDER BY event, device, bucket`;
    const rows = this.db
      .prepare<
        unknown[],
        { event: HistoryEvent; device: string; bucket: number; value: number; min: number; max: number }
      >(sql)
      .all(from, from, bucketMs, bucketMs, ...events, ...devices, from, to);
    return rows.map((r) => ({
      event: r.event,
      device: r.device,
      time: r.bucket,
      value: r.value,
      min: r.min,
      max: r.max,
    }));
  }

  /**
   * Keeps the table bounded ({@link HISTORY_LIMITS}): rows older than `rawKeepMs` are merged into
   * quarter hours, rows older than `keepMs` deleted. One transaction; returns the rows deleted.
   */
  maintain(now: number): { compacted: number; deleted: number } {
    const span = HISTORY_LIMITS.compactedSpanMs;
    const rawBefore = now - HISTORY_LIMITS.rawKeepMs;
    const keepFrom = now - HISTORY_LIMITS.keepMs;
    return this.db.transaction(() => {
      const deleted = this.db.prepare("DELETE FROM history WHERE time < ?").run(keepFrom).changes;
      const merged = this.db
        .prepare<[number, number, number, number], HistoryRow>(
          `SELECT event, device, (time / CAST(? AS INTEGER)) * CAST(? AS INTEGER) AS time, ? AS span, SUM(sum) AS sum, SUM(count) AS count, MIN(min) AS min, MAX(max) AS max
           FROM history WHERE time < ? AND span < ${span} GROUP BY event, device, (time / ${span})`,
        )
        .all(span, span, span, rawBefore);
      const compacted = this.db.prepare(`DELETE FROM history WHERE time < ? AND span < ${span}`).run(rawBefore).changes;
      for (const r of merged) this.upsert.run(r.event, r.device, r.time, r.span, r.sum, r.count, r.min, r.max);
      return { compacted, deleted };
    })();
  }
}
