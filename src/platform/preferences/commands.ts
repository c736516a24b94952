import { commandAtom } from "../commands";
import { PREFERENCES_PATH, patchPreferences } from "./api";
import { preferencesAtom } from "./atoms";
import { mergePreferences, type PreferencesPatch } from "./schemas";

/** Pending-mark target of a save of these preference keys: 'preferences:appUi'. */
export function preferencesTarget(patch: PreferencesPatch): string {
  return `preferences:${Object.keys(patch).sort().join(",")}`;
}

/**
 * Saves a change of the account's preferences (spec §3, §7; DESIGN §4a command): shown at once
 * (marked pending under its keys, see preferencesTarget), PATCH /preferences, then the hub's merged answer adopted. A
 * failure restores the preferences from before it and toasts 'Nie udało się zapisać zmiany'. Offline
 * nothing changes and nothing is sent.
 */
export const savePreferencesCommand = commandAtom<PreferencesPatch, void>({
  target: preferencesTarget,
  request: () => ({ method: "PATCH", path: PREFERENCES_PATH }),
  failureKey: "menu.failed",
  run: async ({ api, get, set }, patch) => {
    const previous = get(preferencesAtom);
    set(preferencesAtom, mergePreferences(previous, patch));
    try {
      const answer = await patchPreferences(api.auth, patch);
      set(preferencesAtom, (current) => mergePreferences(current, answer.data));
    } catch (error) {
      set(preferencesAtom, previous);
      throw error;
    }
  },
});
