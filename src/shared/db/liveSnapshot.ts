import * as v from "valibot";
import { withDb, type DashboardDb } from "./database";
import { LiveSnapshotRowSchema, type LiveSnapshotRow } from "./schema";

/**
 * The persisted live state snapshot (`liveSnapshot` table): one row per MQTT topic with its last
 * value and receive time (DESIGN.md §5).
 */

/** Upserts `rows` (one per topic) in one transaction. Invalid rows are skipped, not written. */
export async function saveLiveSnapshot(db: DashboardDb, rows: readonly LiveSnapshotRow[]): Promise<number> {
  const valid = rows.filter((row) => v.is(LiveSnapshotRowSchema, row));
  if (valid.length === 0) return 0;
  await withDb(db, (d) => d.liveSnapshot.bulkPut(valid));
  return valid.length;
}

/**
 * Loads the whole snapshot. Rows that fail validation are left out and deleted; rows older than
 * `maxAgeMs` (default 7 days) before `nowMs` are dropped as well (a reading that old is useless).
 */
export async function loadLiveSnapshot(
  db: DashboardDb,
  nowMs: number = Date.now(),
  maxAgeMs: number = 7 * 24 * 3_600_000,
): Promise<LiveSnapshotRow[]> {
  return withDb(db, async (d) => {
    const raw: unknown[] = await d.liveSnapshot.toArray();
    const good: LiveSnapshotRow[] = [];
    const bad: unknown[] = [];
    for (const item of raw) {
      const parsed = v.safeParse(LiveSnapshotRowSchema, item);
      if (parsed.success && nowMs - parsed.output.receivedAt <= maxAgeMs) good.push(parsed.output);
      else bad.push(primaryKeyOf(item));
    }
    const badKeys = bad.filter((key): key is string => typeof key === "string");
    if (badKeys.length > 0) await d.liveSnapshot.bulkDelete(badKeys);
    return good;
  });
}

/** Deletes the snapshot (logout). */
export async function clearLiveSnapshot(db: DashboardDb): Promise<void> {
  await withDb(db, (d) => d.liveSnapshot.clear());
}

function primaryKeyOf(item: unknown): unknown {
  return typeof item === "object" && item !== null && "topic" in item ? item.topic : undefined;
}
