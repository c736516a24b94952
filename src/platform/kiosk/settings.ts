import { safeLocalStorage } from "../../shared/storage";
/**
 * Kiosk settings of THIS device (a wall tablet and a phone of the same user want different things),
 * kept in localStorage rather than in the user's server-side preferences:
 * - `kiosk.idleMs`: how long without touch/keys/pointer counts as idle before an update is applied
 *   (default 2 minutes; tests set a few seconds);
 * - `kiosk.updateCheckMs`: how often to check for a new version (default hourly);
 * - `kiosk.wakeLock`: keep the screen on while the dashboard is visible ("0" = off; default on).
 */
export const KIOSK_KEYS = {
  idleMs: "kiosk.idleMs",
  updateCheckMs: "kiosk.updateCheckMs",
  wakeLock: "kiosk.wakeLock",
} as const;

/** Default idle threshold: 2 minutes without a touch. */
export const DEFAULT_IDLE_MS = 120_000;
/** Default update check interval: hourly. */
export const DEFAULT_UPDATE_CHECK_MS = 3_600_000;

/** A positive whole number of ms stored under `key`, or `fallback` when absent or not valid. */
export function readMs(key: string, fallback: number, storage: Storage | undefined = safeLocalStorage()): number {
  const raw = read(storage, key);
  if (raw === null || !/^\d{1,10}$/.test(raw)) return fallback;
  const value = Number(raw);
  return value > 0 ? value : fallback;
}

/** Whether the screen wake lock is wanted on this device (default true). */
export function wakeLockEnabled(storage: Storage | undefined = safeLocalStorage()): boolean {
  const raw = read(storage, KIOSK_KEYS.wakeLock);
  return raw !== "0" && raw !== "false";
}

/** Window event fired when this device's wake lock setting changes (the holder re-reads it). */
export const WAKE_LOCK_SETTING_EVENT = "kiosk:wakelock";

/**
 * Turns the screen wake lock preference of this device on or off and fires
 * {@link WAKE_LOCK_SETTING_EVENT} so a running {@link keepScreenAwake} applies it at once.
 */
export function setWakeLockEnabled(enabled: boolean, storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(KIOSK_KEYS.wakeLock, enabled ? "1" : "0");
  } catch {
    // storage disabled: the default (on) applies
  }
  if (typeof window !== "undefined") window.dispatchEvent(new Event(WAKE_LOCK_SETTING_EVENT));
}

function read(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
