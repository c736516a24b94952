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

/** `profile` with its screensaver replaced by a valid {@link SCREENSAVER_TEST_KEY} (URL, then storage), if any. */
function withTestScreensaver(
  profile: PanelProfile,
  storage: Storage | undefined = safeLocalStorage(),
  search: string = typeof location === "undefined" ? "" : location.search,
): PanelProfile {
  const fromUrl = new URLSearchParams(search).get(SCREENSAVER_TEST_KEY);
  const test = v.safeParse(ScreensaverSchema, parseJson(fromUrl ?? read(storage, SCREENSAVER_TEST_KEY)));
  return test.success ? { ...profile, screensaver: test.output } : profile;
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
  return withTestScreensaver(profile, storage, search);
}

function keep(profile: PanelProfile): void {
  try {
    safeLocalStorage()?.setItem(PANEL_PROFILE_KEY, JSON.stringify(profile));
  } catch {
    // storage full or disabled: the profile holds for this visit
  }
}

/**
 * This panel's profile (contract PanelProfileSchema: screensaver, locked-down, layout...), read first
 * from this device ({@link readLocalProfile}), then replaced by the profile the hub keeps for this
 * panel ({@link applyHubProfileAtom}) as soon as this browser is a registered panel. The screensaver, the locked-down gate and the menu's screensaver
 * settings read it.
 */
export const panelProfileAtom = atom<PanelProfile>(readLocalProfile());

/**
 * How a profile edited on this panel reaches the hub: set by the panels feature once this browser is
 * a registered panel (`save` PATCHes the panel's profile; it rejects with the API's error); null
 * before that, when an edit is kept on this device only.
 */
export const profileSaverAtom = atom<{ save: (profile: PanelProfile) => Promise<void> } | null>(null);

/**
 * The profile the hub keeps for this panel (contract Panel.profile) becomes this panel's (a test
 * screensaver, {@link SCREENSAVER_TEST_KEY}, still replaces its screensaver) and is kept on this device
 * under {@link PANEL_PROFILE_KEY}, so a start without the hub opens with it.
 */
export const applyHubProfileAtom = atom(null, (_get, set, profile: PanelProfile) => {
  set(panelProfileAtom, withTestScreensaver(profile));
  keep(profile);
});

/**
 * Sets this panel's screensaver (validated with ScreensaverSchema; an invalid one throws a ValiError
 * and changes nothing), keeps the profile on this device under {@link PANEL_PROFILE_KEY} and, when
 * this browser is a registered panel, saves it in the hub (the promise rejects when the hub refuses).
 */
export const setScreensaverAtom = atom(null, async (get, set, screensaver: Screensaver) => {
  const next: PanelProfile = { ...get(panelProfileAtom), screensaver: v.parse(ScreensaverSchema, screensaver) };
  set(panelProfileAtom, next);
  keep(next);
  await get(profileSaverAtom)?.save(next);
});
