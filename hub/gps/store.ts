import * as v from "valibot";
import { GPS_TRACK_MAX_HOURS, GPS_TRACK_MAX_POINTS, TrackPointSchema, type TrackPoint } from "../../contract/gps";
import type { Db } from "../core/db";

/** Limits of the stored track (defaults: the contract's 24 h and 5,000 points per tracker). */
export interface TrackLimits {
  maxHours: number;
  maxPoints: number;
}

/**
 * The GPS trackers' SQLite tables (migration 8): the track of each tracker, bounded to the last
 * `maxHours` and `maxPoints` (both enforced on every insert, so the table never grows past them),
 * and the notifications switch. Values are validated on read: a row that breaks the contract is skipped.
 */
export class GpsStore {
  private readonly limits: TrackLimits;

  constructor(
    private readonly db: Db,
    limits: Partial<TrackLimits> = {},
  ) {
    this.limits = {
      maxHours: limits.maxHours ?? GPS_TRACK_MAX_HOURS,
      maxPoints: limits.maxPoints ?? GPS_TRACK_MAX_POINTS,
    };
  }

  /**
   * Adds a fix at `timeMs` (epoch ms) to `tracker`'s track (a second fix with the same time
   * replaces the first), then deletes what is older than `maxHours` before `nowMs` and the oldest
   * beyond `maxPoints`. A fix already older than the window is not stored.
   */
  addPoint(tracker: string, point: { lat: number; lon: number; timeMs: number }, nowMs = Date.now()): void {
    const oldest = nowMs - this.limits.maxHours * 3_600_000;
    this.db.transaction(() => {
      if (point.timeMs >= oldest) {
        this.db
          .prepare("INSERT OR REPLACE INTO gps_track (tracker, time_ms, lat, lon) VALUES (?, ?, ?, ?)")
          .run(tracker, point.timeMs, point.lat, point.lon);
      }
      this.db.prepare("DELETE FROM gps_track WHERE tracker = ? AND time_ms < ?").run(tracker, oldest);
      this.db
        .prepare(
          "DELETE FROM gps_track WHERE tracker = ? AND time_ms <= (SELECT time_ms FROM gps_track WHERE tracker = ? ORDER BY time_ms DESC LIMIT 1 OFFSET ?)",
        )
        .run(tracker, tracker, this.limits.maxPoints);
    })();
  }

  /** `tracker`'s points of the last `hours` before `nowMs`, oldest first (times ISO-8601). */
  track(tracker: string, hours: number, nowMs = Date.now()): TrackPoint[] {
    const rows = this.db
      .prepare<[string, number], { time_ms: number; lat: number; lon: number }>(
        "SELECT time_ms, lat, lon FROM gps_track WHERE tracker = ? AND time_ms >= ? ORDER BY time_ms",
      )
      .all(tracker, nowMs - hours * 3_600_000);
    const points: TrackPoint[] = [];
    for (const row of rows) {
      const point = { lat: row.lat, lon: row.lon, time: new Date(row.time_ms).toISOString() };
      if (v.is(TrackPointSchema, point)) points.push(point);
    }
    return points;
  }

  /** How many points `tracker` has stored. */
  count(tracker: string): number {
    return (
      this.db.prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM gps_track WHERE tracker = ?").get(tracker)
        ?.n ?? 0
    );
  }

  /** The last stored point of `tracker`, or null. */
  last(tracker: string): { lat: number; lon: number; timeMs: number } | null {
    const row = this.db
      .prepare<[string], { time_ms: number; lat: number; lon: number }>(
        "SELECT time_ms, lat, lon FROM gps_track WHERE tracker = ? ORDER BY time_ms DESC LIMIT 1",
      )
      .get(tracker);
    return row ? { lat: row.lat, lon: row.lon, timeMs: row.time_ms } : null;
  }

  /** Whether notifications are on (off until set). */
  notifications(): boolean {
    return this.storedNotifications() === true;
  }

  /** The stored notifications switch, or null when it was never set. */
  storedNotifications(): boolean | null {
    const row = this.db.prepare<[], { state: number }>("SELECT state FROM gps_notifications WHERE id = 1").get();
    return row ? row.state === 1 : null;
  }

  /** Stores the notifications switch. */
  setNotifications(state: boolean): void {
    this.db
      .prepare(
        "INSERT INTO gps_notifications (id, state, updated_at) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
      )
      .run(state ? 1 : 0, new Date().toISOString());
  }
}
