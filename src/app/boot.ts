import type { i18n as I18n } from "i18next";
import { commandEnvAtom } from "../platform/commands";
import { sessionAtom } from "../platform/auth/atoms";
import { liveStatsAtom } from "../platform/live/atoms";
import { localeAtom } from "../platform/preferences/atoms";
import { claimDefaultRoute } from "../platform/preferences/defaultRoute";
import { bootSessionOffline } from "../platform/offline/boot";
import { trackConnectivity } from "../platform/offline/connectivity";
import { startOffline } from "../platform/offline/start";
import { resolveApiBases } from "../lib/api/bases";
import { afterStartup } from "../lib/tasks/afterStartup";
import { nextTask } from "../lib/tasks/nextTask";
import { serviceWorkerUrl } from "../shared/apiBases";
import type { JotaiStore } from "../shared/store";
import type { AppContext } from "../routes/-context";
import { createApiClients } from "./api";
import { addStrings, createI18n, DEFAULT_LOCALE, loadLocale } from "./i18n";
import { createNotifier } from "./notifications";
import type { AppRouter } from "./router";
import { PERSISTED_PARTS } from "./persistedParts";
import { SESSION_RESOURCES } from "./sessionResources";
import { createAppStore } from "./store";

declare global {
  interface Window {
    /** Live ingest counters for bench/live-ingest.ts (received, applied, dropped, unchanged). */
    __liveStats?: () => unknown;
  }
}

/**
 * Everything the app is made of, created once at start-up. The router comes as a promise: TanStack
 * Router and the route tree are a chunk of their own, which the login screen never needs.
 */
export type AppParts = { router: Promise<AppRouter>; context: AppContext; i18n: I18n };

/** Resolves once the session is logged in (the one state that renders the router: SessionGate). */
function whenLoggedIn(store: JotaiStore): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe = (): void => undefined;
    const check = () => {
      if (store.get(sessionAtom).status !== "loggedIn") return;
      unsubscribe();
      resolve();
    };
    unsubscribe = store.sub(sessionAtom, check);
    check();
  });
}

/** What {@link bootApp} returns: the parts, and `ready`, which resolves once the first render may happen. */
export type BootedApp = { parts: AppParts; ready: Promise<void> };

/**
 * Composes the app (STYLE.md: composition only): the one store, the API clients over the resolved
 * bases, the notifier, i18n (Polish; English loaded first when it is the saved locale) and the
 * router; then starts validating the session (spec §4) with the offline-first start-up
 * (restore, connectivity, recovery) and, once start-up is over ({@link afterStartup}), the kiosk.
 * Runs as three tasks (none of them long on a slow phone): the store, the API and the
 * offline restore; the session's validation; i18n and the router. Never rejects.
 */
export async function bootApp(): Promise<BootedApp> {
  const store = createAppStore();
  // Spec §4: only the browser session's first load may take the default route, whenever preferences come.
  claimDefaultRoute(store, () => sessionStorage, location.pathname);
  // Offline-first: every API exchange updates the connectivity atoms; writes are refused offline.
  const bases = resolveApiBases();
  const api = createApiClients(store, bases, { fetch: trackConnectivity(store) });
  const notify = createNotifier(store);
  const context: AppContext = { store, api, notify };
  window.__liveStats = () => store.get(liveStatsAtom);
  let router: Promise<AppRouter> | null = null;
  // Restore the last known state while the session is validated (a known user stays in the app offline);
  // register the service worker once the first screen has had the machine to itself (afterStartup:
  // its script and precache otherwise compete with the first screen's tasks); updates apply at idle.
  const offline = startOffline(store, api, {
    resources: SESSION_RESOURCES,
    persisted: PERSISTED_PARTS,
    onRecover: () => void router?.then((ready) => ready.invalidate()),
  });
  await nextTask();
  void bootSessionOffline(store, api.auth);
  const kiosk = () =>
    void import("../platform/kiosk/start").then(({ startKiosk }) =>
      startKiosk({ beforeReload: offline.flush, swUrl: serviceWorkerUrl("/sw.js", bases) }),
    );
  afterStartup(kiosk);
  await nextTask();
  const i18n = createI18n(DEFAULT_LOCALE);
  // What every command reads from the store (DESIGN §4a): set once, here.
  store.set(commandEnvAtom, { api, notify, translate: (key: string) => i18n.t(key), store });
  // Not in the entry chunk: requested once the session is logged in (a known user: as soon
  // as the session is validated or restored offline; a new user: after logging in), so the login
  // screen neither downloads nor runs it. The service worker precaches it for the offline boot.
  // The logged-in features' Polish texts come with it (not in the first screen's chunk).
  router = whenLoggedIn(store)
    .then(() => Promise.all([import("./router"), import("./i18n/pl-logged-in")]))
    .then(([{ createAppRouter }, { plLoggedIn }]) => {
      addStrings(i18n, DEFAULT_LOCALE, plLoggedIn);
      return createAppRouter(context);
    });
  // The saved locale came back with the local cache (restoreLocalPreferences, synchronous): English is
  // loaded (its own chunk) before the first render, so a user who chose it never sees Polish first.
  const locale = store.get(localeAtom);
  const ready = locale === DEFAULT_LOCALE ? Promise.resolve() : loadLocale(i18n, locale);
  return { parts: { router, context, i18n }, ready };
}
