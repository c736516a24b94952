import { atom } from "jotai";
import * as v from "valibot";
import { PanelProfileSchema, ScreensaverSchema, type PanelProfile, type Screensaver } from "../../../contract/panels";
import { safeLocalStorage } from "../../shared/storage";

/**
 * localStorage key of this panel's profile as kept on this device (JSON of contract PanelProfileSchema),
 * written by the menu's screensaver settings until the hub keeps panels' profiles.
 */
export const PANEL_PROFILE_KEY = "kiosk.panelProfile";
/**
 * A screensaver for tests and development (JSON of contract ScreensaverSchema), in localStorage or as
 * the URL's query parameter of the same name; it replaces the profile's screensaver (short stages for
 * an end-to-end test) and is never written back.
 */
export const SCREENSAVER_TEST_KEY = "screensaver.test";

function parseJson(text: string | null | undefined): unknown {
  if (text === null || text === undefined || text === "" || text.length > 10_000) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function read(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * This panel's profile as this device knows it: the profile kept under {@link PANEL_PROFILE_KEY} (the
 * defaults of PanelProfileSchema when absent or not valid), its screensaver replaced by a valid
 * {@link SCREENSAVER_TEST_KEY} from the URL's `search` or from storage. Never throws.
 */
export function readLocalProfile(
  storage: Storage | undefined = safeLocalStorage(),
  search: string = typeof location === "undefined" ? "" : location.search,
): PanelProfile {
  const stored = v.safeParse(PanelProfileSchema, parseJson(read(storage, PANEL_PROFILE_KEY)) ?? {});
  const profile = stored.success ? stored.output : v.parse(PanelProfileSchema, {});
  const fromUrl = new URLSearchParams(search).get(SCREENSAVER_TEST_KEY);
  const test = v.safeParse(ScreensaverSchema, parseJson(fromUrl ?? read(storage, SCREENSAVER_TEST_KEY)));
  return test.success ? { ...profile, screensaver: test.output } : profile;
}

/**
 * This panel's profile (contract PanelProfileSchema: screensaver, locked-down, layout...), read once
 * from this device ({@link readLocalProfile}); the app replaces it with the profile the hub keeps for
 * this panel when it has one. The screensaver, the locked-down gate and the menu's screensaver
 * settings read it.
 */
export const panelProfileAtom = atom<PanelProfile>(readLocalProfile());

/**
 * Sets this panel's screensaver (validated with ScreensaverSchema; an invalid one throws a ValiError
 * and changes nothing) and keeps the profile on this device under {@link PANEL_PROFILE_KEY}.
 */
export const setScreensaverAtom = atom(null, (get, set, screensaver: Screensaver) => {
  const next: PanelProfile = { ...get(panelProfileAtom), screensaver: v.parse(ScreensaverSchema, screensaver) };
  set(panelProfileAtom, next);
  try {
    safeLocalStorage()?.setItem(PANEL_PROFILE_KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: the profile holds for this visit
  }
});
