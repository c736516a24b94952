import * as v from "valibot";
import { jsonDepthWithin, MAX_JSON_DEPTH } from "../jsonDepth";
import { isDexieError, withDb, type DashboardDb } from "./database";
import { LiveSnapshotRowSchema, type LiveSnapshotRow } from "./schema";

/**
 * The persisted live state snapshot (`liveSnapshot` table): one row per MQTT topic with its last
 * value and receive time (DESIGN.md §5).
 */

/** Most rows kept (and read back at boot): the live ingest's topic cap, MAX_LIVE_TOPICS. */
export const MAX_SNAPSHOT_ROWS = 5_000;

/** Why a row was not saved: it failed the row schema or the depth cap, or IndexedDB refused it. */
export type SnapshotSkipReason = "invalid" | "depth" | "write";

/** What {@link saveLiveSnapshot} did: rows written, and each row it skipped with the reason. */
export type LiveSnapshotSaveResult = {
  saved: number;
  skipped: Array<{ topic: string; reason: SnapshotSkipReason; error?: string }>;
};

/**
 * Rows validated and written at a time by {@link saveLiveSnapshot}, which yields to the event loop
 * between chunks: a chunk this size stays well under a 50 ms long task on a phone's 4x slower CPU
 * (the per-row cost is in docs/performance.md, live limits).
 */
export const SNAPSHOT_CHUNK_ROWS = 50;

/** Options of {@link saveLiveSnapshot}. */
export type SaveLiveSnapshotOptions = {
  /** Rows per chunk; default {@link SNAPSHOT_CHUNK_ROWS}. */
  chunkRows?: number;
  /** Waits between chunks; default a macrotask (setTimeout 0), so input and rendering get their turn. */
  yieldBetween?: () => Promise<void>;
};

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Upserts `rows` (one per topic) in chunks of {@link SNAPSHOT_CHUNK_ROWS}, one transaction each,
 * yielding between chunks so a save of thousands of rows never becomes one long task. One bad row never
 * stops the others. A row that fails {@link LiveSnapshotRowSchema} or nests its
 * value deeper than MAX_JSON_DEPTH (32; deeper values make IndexedDB's structured clone throw
 * 'Maximum call stack size exceeded') is skipped before writing. The rest of a chunk go in one
 * `bulkPut`; if that fails for any reason but a full disk or a closed database (the rows of a failed
 * `bulkPut` may be partly written), they are written again one by one in one transaction and each
 * row IndexedDB refuses (DataCloneError, RangeError…) is skipped.
 * @returns rows saved and rows skipped (with the reason)
 * @throws QuotaExceededError and Dexie errors of the database itself (the caller retries later;
 *   chunks before the failing one stay written)
 */
export async function saveLiveSnapshot(
  db: DashboardDb,
  rows: readonly LiveSnapshotRow[],
  options: SaveLiveSnapshotOptions = {},
): Promise<LiveSnapshotSaveResult> {
  const chunkRows = Math.max(1, options.chunkRows ?? SNAPSHOT_CHUNK_ROWS);
  const yieldBetween = options.yieldBetween ?? nextTask;
  const result: LiveSnapshotSaveResult = { saved: 0, skipped: [] };
  for (let from = 0; from < rows.length; from += chunkRows) {
    if (from > 0) await yieldBetween();
    const chunk = await saveChunk(db, rows.slice(from, from + chunkRows));
    result.saved += chunk.saved;
    result.skipped.push(...chunk.skipped);
  }
  return result;
}

/** Validates and writes one chunk (see {@link saveLiveSnapshot}). */
async function saveChunk(db: DashboardDb, rows: readonly LiveSnapshotRow[]): Promise<LiveSnapshotSaveResult> {
  const skipped: LiveSnapshotSaveResult["skipped"] = [];
  const valid: LiveSnapshotRow[] = [];
  for (const row of rows) {
    if (!v.is(LiveSnapshotRowSchema, row)) skipped.push({ topic: topicOf(row), reason: "invalid" });
    else if (!jsonDepthWithin(row.value, MAX_JSON_DEPTH)) skipped.push({ topic: row.topic, reason: "depth" });
    else valid.push(row);
  }
  if (valid.length === 0) return { saved: 0, skipped };
  try {
    await withDb(db, (d) => d.liveSnapshot.bulkPut(valid));
    return { saved: valid.length, skipped };
  } catch (error) {
    if (isStorageError(error)) throw error;
  }
  const refused = await withDb(db, (d) =>
    d.transaction("rw", d.liveSnapshot, async () => {
      const failed: LiveSnapshotSaveResult["skipped"] = [];
      for (const row of valid) {
        try {
          await d.liveSnapshot.put(row);
        } catch (error) {
          if (isStorageError(error)) throw error;
          failed.push({ topic: row.topic, reason: "write", error: describe(error) });
        }
      }
      return failed;
    }),
  );
  return { saved: valid.length - refused.length, skipped: [...skipped, ...refused] };
}

/**
 * Loads the snapshot. Rows that fail validation (row schema, value nested deeper than
 * MAX_JSON_DEPTH) are left out and deleted; rows older than `maxAgeMs` (default 7 days) before
 * `nowMs` are dropped as well (a reading that old is useless). At most `maxRows` (default
 * {@link MAX_SNAPSHOT_ROWS}) are kept: the oldest beyond that (left by a version without the topic
 * cap) are deleted before reading.
 */
export async function loadLiveSnapshot(
  db: DashboardDb,
  nowMs: number = Date.now(),
  maxAgeMs: number = 7 * 24 * 3_600_000,
  maxRows: number = MAX_SNAPSHOT_ROWS,
): Promise<LiveSnapshotRow[]> {
  return withDb(db, async (d) => {
    const excess = (await d.liveSnapshot.count()) - maxRows;
    if (excess > 0)
      await d.liveSnapshot.bulkDelete(await d.liveSnapshot.orderBy("receivedAt").limit(excess).primaryKeys());
    const raw: unknown[] = await d.liveSnapshot.toArray();
    const good: LiveSnapshotRow[] = [];
    const bad: unknown[] = [];
    for (const item of raw) {
      const parsed = v.safeParse(LiveSnapshotRowSchema, item);
      const keep =
        parsed.success &&
        nowMs - parsed.output.receivedAt <= maxAgeMs &&
        jsonDepthWithin(parsed.output.value, MAX_JSON_DEPTH);
      if (keep) good.push(parsed.output);
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

function topicOf(row: unknown): string {
  const key = primaryKeyOf(row);
  return typeof key === "string" ? key : "";
}

/** A full disk or a closed database: not one row's fault, so the whole save is retried later. */
function isStorageError(error: unknown): boolean {
  return isDexieError(error, "QuotaExceededError") || isDexieError(error, "DatabaseClosedError");
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message.slice(0, 120)}` : String(error).slice(0, 120);
}
