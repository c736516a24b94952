import { describe, expect, it } from "vitest";
import { DEFAULT_SCREENSAVER } from "../../../contract/panels";
import { PANEL_PROFILE_KEY, readLocalProfile, SCREENSAVER_TEST_KEY } from "./profile";

function storageWith(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return { getItem: (key: string) => map.get(key) ?? null } as Storage;
}

const SHORT = { enabled: true, day: { screensaverAfterS: 2, dimAfterS: 4, blackAfterS: 6 }, dimBrightness: 0.3 };

describe("this panel's profile on this device", () => {
  it("defaults to the contract's (screensaver off, not locked down)", () => {
    const profile = readLocalProfile(storageWith({}), "");
    expect(profile.screensaver).toEqual(DEFAULT_SCREENSAVER);
    expect(profile.lockedDown).toBe(false);
  });

  it("reads the kept profile; an invalid one falls back to the defaults", () => {
    const kept = { lockedDown: true, screensaver: SHORT };
    expect(readLocalProfile(storageWith({ [PANEL_PROFILE_KEY]: JSON.stringify(kept) }), "")).toMatchObject(kept);
    const bad = storageWith({ [PANEL_PROFILE_KEY]: '{"lockedDown":"yes"}' });
    expect(readLocalProfile(bad, "").lockedDown).toBe(false);
    expect(readLocalProfile(storageWith({ [PANEL_PROFILE_KEY]: "{" }), "").screensaver).toEqual(DEFAULT_SCREENSAVER);
  });

  it("screensaver.test from the URL or storage replaces the screensaver only", () => {
    const kept = storageWith({ [PANEL_PROFILE_KEY]: JSON.stringify({ lockedDown: true }) });
    const search = `?${SCREENSAVER_TEST_KEY}=${encodeURIComponent(JSON.stringify(SHORT))}`;
    expect(readLocalProfile(kept, search)).toMatchObject({ lockedDown: true, screensaver: SHORT });
    const stored = storageWith({ [SCREENSAVER_TEST_KEY]: JSON.stringify(SHORT) });
    expect(readLocalProfile(stored, "").screensaver).toEqual(SHORT);
    const invalid = storageWith({ [SCREENSAVER_TEST_KEY]: JSON.stringify({ ...SHORT, dimBrightness: 0 }) });
    expect(readLocalProfile(invalid, "").screensaver).toEqual(DEFAULT_SCREENSAVER);
  });
});
