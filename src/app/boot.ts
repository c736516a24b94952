import type { i18n as I18n } from "i18next";
import { sessionAtom } from "../features/auth/atoms";
import { liveStatsAtom } from "../features/live/atoms";
import { bootSessionOffline } from "../features/offline/boot";
import { trackConnectivity } from "../features/offline/connectivity";
import { startOffline } from "../features/offline/start";
import { resolveApiBases } from "../lib/api/bases";
import type { JotaiStore, RouterContext } from "../routes/-context";
import { createApiClients } from "./api";
import { createI18n } from "./i18n";
import { createNotifier } from "./notifications";
import type { AppRouter } from "./router";
import { createAppStore } from "./store";

declare global {
  interface Window {
    /** Live ingest counters for bench/live-ingest.ts (received, applied, dropped, unchanged). */
    __liveStats?: () => unknown;
  }
}

/**
 * Everything the app is made of, created once at start-up. The router comes as a promise: TanStack
 * Router and the route tree are a chunk of their own (issue 9), which the login screen never needs.
 */
export type AppParts = { router: Promise<AppRouter>; context: RouterContext; i18n: I18n };

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

/**
 * Composes the app (STYLE.md: composition only): the one store, the API clients over the resolved
 * bases, the notifier, i18n (Polish) and the router; then starts validating the session (spec §4) with
 * the offline-first start-up of issue 3 (restore, connectivity, recovery) and, after load, the kiosk.
 */
export function bootApp(): AppParts {
  const store = createAppStore();
  // Offline-first (issue 3): every API exchange updates the connectivity atoms; writes are refused offline.
  const api = createApiClients(store, resolveApiBases(), { fetch: trackConnectivity(store) });
  const context: RouterContext = { store, api, notify: createNotifier(store) };
  // Not in the entry chunk (issue 9): requested once the session is logged in (a known user: as soon
  // as the session is validated or restored offline; a new user: after logging in), so the login
  // screen neither downloads nor runs it. The service worker precaches it for the offline boot.
  const router = whenLoggedIn(store)
    .then(() => import("./router"))
    .then(({ createAppRouter }) => createAppRouter(context));
  window.__liveStats = () => store.get(liveStatsAtom);
  // Restore the last known state while the session is validated (a known user stays in the app offline);
  // register the service worker once the page has loaded (updates applied only at idle).
  const offline = startOffline(store, api, { onRecover: () => void router.then((ready) => ready.invalidate()) });
  void bootSessionOffline(store, api.auth);
  const kiosk = () => void import("../features/kiosk/start").then(({ startKiosk }) => startKiosk({ beforeReload: offline.flush }));
  if (document.readyState === "complete") kiosk();
  else window.addEventListener("load", kiosk, { once: true });
  return { router, context, i18n: createI18n() };
}
