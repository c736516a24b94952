import { safeLocalStorage } from "../../shared/storage";
import type { JotaiStore } from "../../shared/store";
import * as v from "valibot";
import { preferencesAtom } from "../preferences/atoms";
import { PreferencesPatchSchema, mergePreferences } from "../preferences/schemas";

/**
 * The dashboard's local cache in localStorage (spec §7 "A local browser cache is kept in local
 * storage"). Synchronous, so the very first render already has the user's layout, zoom lock and
 * locale, and boot knows the last user before IndexedDB opens. Holds: the last known session
 * (`login`, `locked`) and the preferences; written every 5 s with the other persisted state.
 * Validated on read; a malformed entry is removed.
 */
export const LOCAL_CACHE_KEY = "dashboard.cache.v1";

export const LocalCacheSchema = v.object({
  login: v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
  locked: v.boolean(),
  preferences: v.optional(PreferencesPatchSchema),
  savedAt: v.pipe(v.number(), v.finite()),
});
export type LocalCache = v.InferOutput<typeof LocalCacheSchema>;

/** Reads the local cache; `null` when absent, unreadable (storage disabled) or malformed. */
export function readLocalCache(storage: Storage | undefined = safeLocalStorage()): LocalCache | null {
  if (!storage) return null;
  try {
    const text = storage.getItem(LOCAL_CACHE_KEY);
    if (text === null) return null;
    const parsed = v.safeParse(LocalCacheSchema, JSON.parse(text));
    if (parsed.success) return parsed.output;
    storage.removeItem(LOCAL_CACHE_KEY);
  } catch {
    storage.removeItem(LOCAL_CACHE_KEY);
  }
  return null;
}

/** Writes the local cache (merging `patch` into what is there). Storage failures are ignored (logged). */
export function writeLocalCache(patch: Partial<Omit<LocalCache, "savedAt">>, storage: Storage | undefined = safeLocalStorage()): void {
  if (!storage) return;
  const current = readLocalCache(storage) ?? { login: null, locked: false };
  const next: LocalCache = { ...current, ...patch, savedAt: Date.now() };
  try {
    storage.setItem(LOCAL_CACHE_KEY, JSON.stringify(next));
  } catch (error) {
    console.warn("local cache not written", error);
  }
}

/**
 * Restores preferences from the local cache at once (synchronous: the first render already has the
 * user's layout, zoom lock and locale). Returns true when there were some.
 */
export function restoreLocalPreferences(store: JotaiStore): boolean {
  const saved = readLocalCache()?.preferences;
  if (!saved) return false;
  store.set(preferencesAtom, (current) => mergePreferences(current, saved));
  return true;
}

/** Removes the local cache (logout). */
export function clearLocalCache(storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.removeItem(LOCAL_CACHE_KEY);
  } catch {
    // storage disabled: nothing to clear
  }
}
