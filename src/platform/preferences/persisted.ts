import * as v from "valibot";
import type { PersistedPart } from "../../lib/session/persisted";
import { preferencesAtom } from "./atoms";
import { DEFAULT_PREFERENCES, PreferencesPatchSchema, mergePreferences } from "./schemas";

/**
 * The preferences as a persisted part (state that survives a reload): kept in the localStorage cache
 * (restored before the first render) and in IndexedDB `kv` (restored from there when localStorage had
 * none); reset to the defaults on logout.
 */
export const preferencesPersisted: PersistedPart = {
  name: "preferences",
  local: {
    read: (store) => store.get(preferencesAtom),
    restore(store, saved) {
      const parsed = v.safeParse(PreferencesPatchSchema, saved);
      if (!parsed.success) return false;
      store.set(preferencesAtom, (current) => mergePreferences(current, parsed.output));
      return true;
    },
  },
  async restore({ store, db, dbm }, restoredLocally) {
    if (restoredLocally) return 0;
    const stored = await dbm.kvGet(db, dbm.KV_KEYS.preferences, PreferencesPatchSchema);
    if (stored) store.set(preferencesAtom, (current) => mergePreferences(current, stored));
    return 0;
  },
  start: ({ store, db, dbm }) => ({
    version: () => store.get(preferencesAtom),
    save: () => dbm.kvSet(db, dbm.KV_KEYS.preferences, store.get(preferencesAtom)),
    clear: async () => {
      store.set(preferencesAtom, DEFAULT_PREFERENCES);
      await dbm.kvDelete(db, dbm.KV_KEYS.preferences);
    },
  }),
};
