import { safeLocalStorage } from "../../shared/storage";
import type { JotaiStore } from "../../shared/store";
import * as v from "valibot";
import type { PersistedPart } from "../../lib/session/persisted";

/**
 * The dashboard's local cache in localStorage (spec §7 "A local browser cache is kept in local
 * storage"). Synchronous, so the very first render already has the user's layout, zoom lock and
 * locale, and boot knows the last user before IndexedDB opens. Holds: the last known session
 * (`login`, `locked`) and, under its name, each persisted part that keeps a local copy (`preferences`);
 * written every 5 s with the other persisted state. Validated on read (each part validates its own
 * entry when it restores it); a malformed entry is removed.
 */
export const LOCAL_CACHE_KEY = "dashboard.cache.v1";

export const LocalCacheSchema = v.looseObject({
  login: v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
  locked: v.boolean(),
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
export function writeLocalCache(
  patch: { login?: string | null; locked?: boolean; [part: string]: unknown },
  storage: Storage | undefined = safeLocalStorage(),
): void {
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
 * Restores, at once, every part kept in the local cache (synchronous: the first render already has
 * the user's layout, zoom lock and locale). Returns the names of the parts restored.
 */
export function restoreLocalParts(store: JotaiStore, parts: readonly PersistedPart[]): Set<string> {
  const cache = readLocalCache();
  const restored = new Set<string>();
  if (!cache) return restored;
  for (const part of parts) {
    const saved = cache[part.name];
    if (part.local && saved !== undefined && part.local.restore(store, saved)) restored.add(part.name);
  }
  return restored;
}

/** Removes the local cache (logout). */
export function clearLocalCache(storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.removeItem(LOCAL_CACHE_KEY);
  } catch {
    // storage disabled: nothing to clear
  }
}
