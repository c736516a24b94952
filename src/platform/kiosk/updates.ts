import { Workbox } from "workbox-window";
import { DB_VERSION_CHANGE_EVENT } from "../../shared/messages";
import { createIdleTracker, type IdleTracker } from "./idle";
import { DEFAULT_IDLE_MS, DEFAULT_UPDATE_CHECK_MS, KIOSK_KEYS, readMs } from "./settings";

/** Build id baked in at build time (`VITE_BUILD_ID=...`), shown in `window.__kiosk.build`. */
export const BUILD_ID: string =
  typeof import.meta.env.VITE_BUILD_ID === "string" ? import.meta.env.VITE_BUILD_ID : "dev";

/** Fallback reload if the new worker does not take control within this time after SKIP_WAITING, ms. */
const TAKEOVER_TIMEOUT_MS = 10_000;

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
  /** Build id of the running code (`VITE_BUILD_ID` at build time, "dev" when unset). */
  build: string;
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
 * Registers the service worker (workbox-window) and applies new versions safely (DESIGN.md
 * §5 "Kiosk updates"):
 * - checks for a new version every hour (`kiosk.updateCheckMs`) and whenever the page becomes visible;
 * - when a new version is waiting, waits until the kiosk is idle (no pointer/key/touch for 2 minutes,
 *   `kiosk.idleMs`, and no open dialog), then flushes state (`beforeReload`), sends `SKIP_WAITING`
 *   and reloads once the new worker controls the page;
 * - when another tab or worker upgrades the IndexedDB schema, reloads at idle as well.
 * Does nothing where service workers are unavailable (e.g. plain http on a LAN IP). Returns stop.
 */
export function startKioskUpdates(options: KioskUpdateOptions = {}): () => void {
  const state: KioskUpdateState = { build: BUILD_ID, registered: false, updateWaiting: false, lastCheckAt: null };
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

  const handleDbVersionChange = (): void => applyAtIdle(reload);
  window.addEventListener(DB_VERSION_CHANGE_EVENT, handleDbVersionChange);
  cancels.push(() => window.removeEventListener(DB_VERSION_CHANGE_EVENT, handleDbVersionChange));

  if (!("serviceWorker" in navigator)) return () => cancels.forEach((cancel) => cancel());

  const wb = new Workbox(options.swUrl ?? "/sw.js", { scope: "/" });
  let reloadOnControl = false;
  const check = (): void => {
    state.lastCheckAt = Date.now();
    void wb.update().catch(() => undefined);
  };
  // At idle: if the new version is still waiting, activate it and reload when it controls the page;
  // if another tab already activated it (this page is now controlled by it), just reload.
  const activateAndReload = async (): Promise<void> => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration?.waiting) return reload();
    reloadOnControl = true;
    setTimeout(reload, TAKEOVER_TIMEOUT_MS);
    wb.messageSkipWaiting();
  };
  const handleWaiting = (): void => {
    state.updateWaiting = true;
    applyAtIdle(() => void activateAndReload());
  };
  const handleControlling = (event: { isUpdate?: boolean }): void => {
    if (reloadOnControl) reload();
    else if (event.isUpdate) {
      state.updateWaiting = true;
      applyAtIdle(reload);
    }
  };
  wb.addEventListener("controlling", handleControlling);
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
    wb.removeEventListener("controlling", handleControlling);
  });
  return () => cancels.forEach((cancel) => cancel());
}
