import { Workbox } from "workbox-window";
import { getDashboardDb, onDashboardDbVersionChange } from "../../shared/db";
import { createIdleTracker, type IdleTracker } from "./idle";
import { DEFAULT_IDLE_MS, DEFAULT_UPDATE_CHECK_MS, KIOSK_KEYS, readMs } from "./settings";

/** Options of {@link startKioskUpdates}. */
export interface KioskUpdateOptions {
  /** Service worker URL. Default "/sw.js" (vite-plugin-pwa output). */
  swUrl?: string;
  /** Awaited before the reload that applies an update (e.g. the offline handle's flush). */
  beforeReload?: () => Promise<void>;
  /** Reload function. Default `location.reload()`. */
  reload?: () => void;
}

/** What {@link startKioskUpdates} reports, for the UI and tests (also on `window.__kiosk`). */
export interface KioskUpdateState {
  registered: boolean;
  updateWaiting: boolean;
  lastCheckAt: number | null;
}

declare global {
  interface Window {
    /** Kiosk update state, read by end-to-end tests. */
    __kiosk?: KioskUpdateState;
  }
}

/**
 * Registers the service worker (workbox-window) and applies new versions safely (issue 3, DESIGN.md
 * §5 "Kiosk updates"):
 * - checks for a new version every hour (`kiosk.updateCheckMs`) and whenever the page becomes visible;
 * - when a new version is waiting, waits until the kiosk is idle (no pointer/key/touch for 2 minutes,
 *   `kiosk.idleMs`, and no open dialog), then flushes state (`beforeReload`), sends `SKIP_WAITING`
 *   and reloads once the new worker controls the page;
 * - when another tab or worker upgrades the IndexedDB schema, reloads at idle as well.
 * Does nothing where service workers are unavailable (e.g. plain http on a LAN IP). Returns stop.
 */
export function startKioskUpdates(options: KioskUpdateOptions = {}): () => void {
  const state: KioskUpdateState = { registered: false, updateWaiting: false, lastCheckAt: null };
  window.__kiosk = state;
  const reload = options.reload ?? (() => window.location.reload());
  const idle: IdleTracker = createIdleTracker({ idleMs: () => readMs(KIOSK_KEYS.idleMs, DEFAULT_IDLE_MS) });
  const cancels: Array<() => void> = [() => idle.stop()];
  let applying = false;

  const applyAtIdle = (apply: () => void): void => {
    if (applying) return;
    applying = true;
    cancels.push(
      idle.whenIdle(() => {
        void (options.beforeReload?.() ?? Promise.resolve()).catch(() => undefined).then(apply);
      }),
    );
  };

  cancels.push(onDashboardDbVersionChange(getDashboardDb(), () => applyAtIdle(reload)));

  if (!("serviceWorker" in navigator)) return () => cancels.forEach((cancel) => cancel());

  const wb = new Workbox(options.swUrl ?? "/sw.js", { scope: "/" });
  const check = (): void => {
    state.lastCheckAt = Date.now();
    void wb.update().catch(() => undefined);
  };
  const handleWaiting = (): void => {
    state.updateWaiting = true;
    applyAtIdle(() => {
      wb.addEventListener("controlling", () => reload());
      wb.messageSkipWaiting();
    });
  };
  wb.addEventListener("waiting", handleWaiting);
  void wb
    .register()
    .then((registration) => {
      state.registered = registration !== undefined;
    })
    .catch((error: unknown) => console.warn("service worker not registered", error));

  const interval = setInterval(check, readMs(KIOSK_KEYS.updateCheckMs, DEFAULT_UPDATE_CHECK_MS));
  const handleVisibility = (): void => {
    if (document.visibilityState === "visible") check();
  };
  document.addEventListener("visibilitychange", handleVisibility);
  cancels.push(() => {
    clearInterval(interval);
    document.removeEventListener("visibilitychange", handleVisibility);
    wb.removeEventListener("waiting", handleWaiting);
  });
  return () => cancels.forEach((cancel) => cancel());
}
