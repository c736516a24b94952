import type { i18n as I18n } from "i18next";
import { liveStatsAtom } from "../features/live/atoms";
import { resolveApiBases } from "../lib/api/bases";
import type { RouterContext } from "../routes/-context";
import { createApiClients } from "./api";
import { createI18n } from "./i18n";
import { createNotifier } from "./notifications";
import { createAppRouter, type AppRouter } from "./router";
import { bootSession } from "./session";
import { createAppStore } from "./store";

declare global {
  interface Window {
    /** Live ingest counters for bench/live-ingest.ts (received, applied, dropped, unchanged). */
    __liveStats?: () => unknown;
  }
}

/** Everything the app is made of, created once at start-up. */
export type AppParts = { router: AppRouter; context: RouterContext; i18n: I18n };

/**
 * Composes the app (STYLE.md: composition only): the one store, the API clients over the resolved
 * bases, the notifier, i18n (Polish) and the router; then starts validating the session (spec §4).
 */
export function bootApp(): AppParts {
  const store = createAppStore();
  const api = createApiClients(store, resolveApiBases());
  const context: RouterContext = { store, api, notify: createNotifier(store) };
  const router = createAppRouter(context);
  window.__liveStats = () => store.get(liveStatsAtom);
  void bootSession(store, api);
  return { router, context, i18n: createI18n() };
}
