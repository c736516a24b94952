import { WAKE_LOCK_SETTING_EVENT, wakeLockEnabled } from "./settings";

/**
 * Holds a Screen Wake Lock while the dashboard is visible (a kiosk preference), re-acquired
 * after visibility changes. The browser
 * releases the lock when the page is hidden; it is requested again when the page becomes visible.
 * `enabled` is read at each attempt (default: this device's `kiosk.wakeLock`, on unless "0").
 * Where the API is missing or the request is refused (battery saver, no user activation), nothing
 * happens but a console note. Returns stop (releases the lock).
 */
export function keepScreenAwake(enabled: () => boolean = () => wakeLockEnabled()): () => void {
  let sentinel: WakeLockSentinel | null = null;
  let stopped = false;

  const acquire = async (): Promise<void> => {
    if (stopped || sentinel !== null || document.visibilityState !== "visible" || !enabled()) return;
    if (!("wakeLock" in navigator)) return;
    try {
      const lock = await navigator.wakeLock.request("screen");
      if (stopped) {
        await lock.release();
        return;
      }
      sentinel = lock;
      lock.addEventListener("release", () => {
        if (sentinel === lock) sentinel = null;
      });
    } catch (error) {
      console.info("screen wake lock not granted", error);
    }
  };

  const handleVisibility = (): void => void acquire();
  // The setting changed (menu toggle): release at once when turned off, acquire when turned on.
  const handleSetting = (): void => {
    if (enabled()) {
      void acquire();
      return;
    }
    const held = sentinel;
    sentinel = null;
    void held?.release().catch(() => undefined);
  };
  document.addEventListener("visibilitychange", handleVisibility);
  window.addEventListener(WAKE_LOCK_SETTING_EVENT, handleSetting);
  // A refused first request (no user activation yet) is retried at the first touch.
  window.addEventListener("pointerdown", handleVisibility, { passive: true });
  void acquire();

  return () => {
    stopped = true;
    document.removeEventListener("visibilitychange", handleVisibility);
    window.removeEventListener(WAKE_LOCK_SETTING_EVENT, handleSetting);
    window.removeEventListener("pointerdown", handleVisibility);
    void sentinel?.release().catch(() => undefined);
    sentinel = null;
  };
}

/** True while the screen wake lock API exists in this browser. */
export function wakeLockSupported(): boolean {
  return typeof navigator !== "undefined" && "wakeLock" in navigator;
}
