import { atom } from "jotai";
import { atomWithStorage } from "jotai/utils";
import { DEVICE_APP_UI_KEY, deviceAppUiStorage, type DeviceAppUi } from "./deviceLayout";
import { DEFAULT_PREFERENCES, type Preferences } from "./schemas";

/** The user's preferences (spec §3), defaults until GET /preferences answers. */
export const preferencesAtom = atom<Preferences>(DEFAULT_PREFERENCES);

/** The account's layout preference (`appUi`, spec §3; PATCH /preferences): the default of every device. */
export const accountAppUiAtom = atom((get) => get(preferencesAtom).appUi);

/**
 * THIS device's layout choice, kept in localStorage (`device.appUi`): "standard", "car", or null to
 * follow the account. Read when the app loads and again whenever a component starts using it; a
 * change in another tab of this browser arrives through the `storage` event.
 */
export const deviceAppUiAtom = atomWithStorage<DeviceAppUi>(DEVICE_APP_UI_KEY, null, deviceAppUiStorage(), {
  getOnInit: true,
});

/**
 * The layout in effect on this device: "standard" (bar at the bottom) or "car" (vertical bar on the
 * right, spec §2) = the device's choice ?? the account's `appUi`. The top bar, the home page and the
 * lock screen read this one.
 */
export const appUiAtom = atom((get) => get(deviceAppUiAtom) ?? get(accountAppUiAtom));

/** Interface and date locale ("pl" default). */
export const localeAtom = atom((get) => get(preferencesAtom).locale);

/** Zoom lock state driving the viewport meta. */
export const zoomStateAtom = atom((get) => get(preferencesAtom).zoomState);
