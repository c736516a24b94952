import { useStore } from "jotai";
import { useCallback } from "react";
import type { ApiClient } from "../../../lib/api/client";
import { patchPreferences } from "../api";
import { preferencesAtom } from "../atoms";
import { mergePreferences, type PreferencesPatch } from "../schemas";

/**
 * Returns `save(patch)`: applies the change at once (optimistic), sends PATCH /preferences and adopts
 * the hub's merged answer; on failure restores the previous preferences and rethrows the ApiError.
 */
export function useSavePreferences(auth: ApiClient): (patch: PreferencesPatch) => Promise<void> {
  const store = useStore();
  return useCallback(
    async (patch: PreferencesPatch) => {
      const previous = store.get(preferencesAtom);
      store.set(preferencesAtom, mergePreferences(previous, patch));
      try {
        const answer = await patchPreferences(auth, patch);
        store.set(preferencesAtom, (current) => mergePreferences(current, answer.data));
      } catch (error) {
        store.set(preferencesAtom, previous);
        throw error;
      }
    },
    [auth, store],
  );
}
