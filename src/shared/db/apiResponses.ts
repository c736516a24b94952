import * as v from "valibot";
import { withDb, isDexieError, type DashboardDb } from "./database";
import { ApiResponseRowSchema, type ApiResponseRow } from "./schema";

/**
 * Bounded cache of API GET answers in the `apiResponses` table (DESIGN.md §5; its growth is
 * bounded). Written by the service worker after each successful network answer, read when the
 * network is down or slow.
 */

/** Limits of the cache: entries older than `maxAgeMs` are dropped, at most `maxEntries` are kept. */
export interface ApiCacheLimits {
  maxAgeMs: number;
  maxEntries: number;
}

/** Default limits: 7 days, 300 entries (the dashboard makes a few dozen distinct GETs). */
export const DEFAULT_API_CACHE_LIMITS: ApiCacheLimits = { maxAgeMs: 7 * 24 * 3_600_000, maxEntries: 300 };

/** How many oldest entries are evicted when the browser reports the storage quota is exceeded. */
const QUOTA_EVICT_COUNT = 50;

/**
 * Reads the stored answer for `url`, or `undefined` when there is none, it is older than
 * `limits.maxAgeMs` (relative to `nowMs`), or the row is malformed. Expired and malformed rows are
 * deleted. Never throws for a bad row; rethrows IndexedDB failures other than a closed connection.
 */
export async function getApiResponse(
  db: DashboardDb,
  url: string,
  nowMs: number,
  limits: ApiCacheLimits = DEFAULT_API_CACHE_LIMITS,
): Promise<ApiResponseRow | undefined> {
  return withDb(db, async (d) => {
    const raw: unknown = await d.apiResponses.get(url);
    if (raw === undefined) return undefined;
    const parsed = v.safeParse(ApiResponseRowSchema, raw);
    if (!parsed.success || nowMs - parsed.output.fetchedAt > limits.maxAgeMs) {
      await d.apiResponses.delete(url);
      return undefined;
    }
    return parsed.output;
  });
}

/**
 * Stores `row` (replacing any older answer for the same URL), then trims the table to
 * `limits.maxEntries` (oldest `fetchedAt` first) and drops expired rows. If the browser refuses the
 * write for lack of space (`QuotaExceededError`), evicts the oldest entries and retries once; a second
 * failure is rethrown. The row is validated first: an invalid row throws a `TypeError`.
 */
export async function putApiResponse(
  db: DashboardDb,
  row: ApiResponseRow,
  limits: ApiCacheLimits = DEFAULT_API_CACHE_LIMITS,
): Promise<void> {
  const valid = v.safeParse(ApiResponseRowSchema, row);
  if (!valid.success) throw new TypeError(`Invalid cached API response for ${row.url}: ${valid.issues[0].message}`);
  await withDb(db, async (d) => {
    try {
      await d.apiResponses.put(valid.output);
    } catch (error) {
      if (!isDexieError(error, "QuotaExceededError")) throw error;
      await evictOldest(d, QUOTA_EVICT_COUNT);
      await d.apiResponses.put(valid.output);
    }
    await trim(d, row.fetchedAt, limits);
  });
}

/** Deletes every cached API answer (e.g. on logout, so the next user never sees them). */
export async function clearApiResponses(db: DashboardDb): Promise<void> {
  await withDb(db, (d) => d.apiResponses.clear());
}

async function evictOldest(db: DashboardDb, count: number): Promise<void> {
  const keys = await db.apiResponses.orderBy("fetchedAt").limit(count).primaryKeys();
  await db.apiResponses.bulkDelete(keys);
}

async function trim(db: DashboardDb, nowMs: number, limits: ApiCacheLimits): Promise<void> {
  await db.apiResponses
    .where("fetchedAt")
    .below(nowMs - limits.maxAgeMs)
    .delete();
  const excess = (await db.apiResponses.count()) - limits.maxEntries;
  if (excess > 0) await evictOldest(db, excess);
}
