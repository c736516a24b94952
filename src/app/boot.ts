import type { i18n as I18n } from "i18next";
import { commandEnvAtom } from "../features/commands";
import { liveStatsAtom } from "../features/live/atoms";
import { localeAtom } from "../features/preferences/atoms";
import { bootSessionOffline } from "../features/offline/boot";
import { trackConnectivity } from "../features/offline/connectivity";
import { startOffline } from "../features/offline/start";
import { resolveApiBases } from "../lib/api/bases";
import { serviceWorkerUrl } from "../shared/apiBases";
import type { RouterContext } from "../routes/-context";
import { createApiClients } from "./api";
import { createI18n, DEFAULT_LOCALE, loadLocale } from "./i18n";
import { createNotifier } from "./notifications";
import { createAppRouter, type AppRouter } from "./router";
import { PERSISTED_PARTS } from "./persistedParts";
import { SESSION_RESOURCES } from "./sessionResources";
import { createAppStore } from "./store";

declare global {
  interface Window {
    /** Live ingest counters for bench/live-ingest.ts (received, applied, dropped, unchanged). */
    __liveStats?: () => unknown;
  }
}

/** Everything the app is made of, created once at start-up. */
export type AppParts = { router: AppRouter; context: RouterContext; i18n: I18n };

/** What {@link bootApp} returns: the parts, and `ready`, which resolves once the first render may happen. */
export type BootedApp = { parts: AppParts; ready: Promise<void> };

/**
 * Composes the app (STYLE.md: composition only): the one store, the API clients over the resolved
 * bases, the notifier, i18n (Polish; English loaded first when it is the saved locale) and the
 * router; then starts validating the session (spec §4) with the offline-first start-up of issue 3
 * (restore, connectivity, recovery) and, after load, the kiosk.
 */
export function bootApp(): BootedApp {
  const store = createAppStore();
  // Offline-first (issue 3): every API exchange updates the connectivity atoms; writes are refused offline.
  const bases = resolveApiBases();
  const api = createApiClients(store, bases, { fetch: trackConnectivity(store) });
  const notify = createNotifier(store);
  const context: RouterContext = { store, api, notify };
  const i18n = createI18n(DEFAULT_LOCALE);
  // What every command reads from the store (DESIGN §4a): set once, here.
  store.set(commandEnvAtom, { api, notify, translate: (key: string) => i18n.t(key) });
  const router = createAppRouter(context);
  window.__liveStats = () => store.get(liveStatsAtom);
  // Restore the last known state while the session is validated (a known user stays in the app offline);
  // register the service worker once the page has loaded (updates applied only at idle).
  const offline = startOffline(store, api, { resources: SESSION_RESOURCES, persisted: PERSISTED_PARTS, onRecover: () => void router.invalidate() });
  void bootSessionOffline(store, api.auth);
  const kiosk = () => void import("../features/kiosk/start").then(({ startKiosk }) => startKiosk({ beforeReload: offline.flush, swUrl: serviceWorkerUrl("/sw.js", bases) }));
  if (document.readyState === "complete") kiosk();
  else window.addEventListener("load", kiosk, { once: true });
  // The saved locale came back with the local cache (restoreLocalPreferences, synchronous): English is
  // loaded (its own chunk) before the first render, so a user who chose it never sees Polish first.
  const locale = store.get(localeAtom);
  const ready = locale === DEFAULT_LOCALE ? Promise.resolve() : loadLocale(i18n, locale);
  return { parts: { router, context, i18n }, ready };
}
