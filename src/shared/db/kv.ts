import * as v from "valibot";
import { withDb, type DashboardDb } from "./database";
import { KvRowSchema } from "./schema";

/**
 * Small key/value store in the `kv` table (preferences, last known session, GPS state).
 * Keys in use: see {@link KV_KEYS}.
 */
export const KV_KEYS = {
  /** Preferences of the logged-in user (contract `Preferences`). */
  preferences: "preferences",
  /** Last known session: `{login, locked}` (offline boot: state that survives a reload). */
  session: "session",
  /** GPS tracker state (spec §7: persisted every 5 s). */
  gps: "gps",
} as const;

/**
 * Reads `key` and validates its value with `schema`. Returns `undefined` when absent; a row or value
 * that does not validate is deleted and also gives `undefined` (never throws for bad data).
 */
export async function kvGet<T>(
  db: DashboardDb,
  key: string,
  schema: v.GenericSchema<unknown, T>,
): Promise<T | undefined> {
  return withDb(db, async (d) => {
    const raw: unknown = await d.kv.get(key);
    if (raw === undefined) return undefined;
    const row = v.safeParse(KvRowSchema, raw);
    const value = row.success ? v.safeParse(schema, row.output.value) : undefined;
    if (!value?.success) {
      await d.kv.delete(key);
      return undefined;
    }
    return value.output;
  });
}

/** Writes `value` under `key` (structured-clonable data only), stamped with `nowMs`. */
export async function kvSet(db: DashboardDb, key: string, value: unknown, nowMs: number = Date.now()): Promise<void> {
  await withDb(db, (d) => d.kv.put({ key, value, updatedAt: nowMs }));
}

/** Deletes `key` (no error when absent). */
export async function kvDelete(db: DashboardDb, key: string): Promise<void> {
  await withDb(db, (d) => d.kv.delete(key));
}
