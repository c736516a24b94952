import * as v from "valibot";
import { AppUiSchema, type AppUi } from "./schemas";
import { safeLocalStorage } from "../../shared/storage";

/**
 * localStorage key of THIS device's layout choice: "standard" or "car"; absent = follow the account's
 * `appUi` preference (spec §3). A car tablet chooses "car" here, so the account's wall tablet and
 * phones keep their layout. Like the kiosk settings (`kiosk.*`), it never leaves the device.
 */
export const DEVICE_APP_UI_KEY = "device.appUi";

/** This device's layout choice: a layout, or null to follow the account preference. */
export type DeviceAppUi = AppUi | null;

/** Reads the device's layout choice; null when absent, not a known layout, or storage is unavailable. */
export function readDeviceAppUi(storage: Storage | undefined = safeLocalStorage()): DeviceAppUi {
  try {
    const parsed = v.safeParse(AppUiSchema, storage?.getItem(DEVICE_APP_UI_KEY));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Stores the device's layout choice (null removes it). Storage failures (private mode) are ignored. */
export function writeDeviceAppUi(value: DeviceAppUi, storage: Storage | undefined = safeLocalStorage()): void {
  try {
    if (value === null) storage?.removeItem(DEVICE_APP_UI_KEY);
    else storage?.setItem(DEVICE_APP_UI_KEY, value);
  } catch {
    // storage disabled: the choice lasts until the page is reloaded
  }
}

/** The synchronous storage shape Jotai's `atomWithStorage` accepts. */
export interface DeviceAppUiStorage {
  getItem: (key: string, initialValue: DeviceAppUi) => DeviceAppUi;
  setItem: (key: string, value: DeviceAppUi) => void;
  removeItem: (key: string) => void;
  subscribe: (
    key: string,
    callback: (value: DeviceAppUi) => void,
    initialValue: DeviceAppUi,
  ) => (() => void) | undefined;
}

/**
 * Jotai storage adapter for {@link DEVICE_APP_UI_KEY}: plain text values validated on read, and
 * updates from other tabs of this browser (the `storage` event).
 */
export function deviceAppUiStorage(getStorage: () => Storage | undefined = safeLocalStorage): DeviceAppUiStorage {
  return {
    getItem: () => readDeviceAppUi(getStorage()),
    setItem: (_key, value) => writeDeviceAppUi(value, getStorage()),
    removeItem: () => writeDeviceAppUi(null, getStorage()),
    subscribe: (key, callback) => {
      if (typeof window === "undefined") return undefined;
      const handleStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) callback(readDeviceAppUi(getStorage()));
      };
      window.addEventListener("storage", handleStorage);
      return () => window.removeEventListener("storage", handleStorage);
    },
  };
}
