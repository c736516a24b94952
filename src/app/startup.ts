import { startLive } from "../features/live/start";
import { fetchPreferences } from "../features/preferences/api";
import { preferencesAtom } from "../features/preferences/atoms";
import { mergePreferences } from "../features/preferences/schemas";
import { fetchConfig, fetchSwitches } from "../features/switches/api";
import { configAtom, switchesAtom } from "../features/switches/atoms";
import { isApiError } from "../lib/api/errors";
import type { ApiClients } from "../routes/-context";
import type { JotaiStore } from "../shared/store";

/** Wait between attempts of a failed start-up fetch, ms (spec §9 data fetching retry interval). */
export const STARTUP_RETRY_MS = 5000;

/** Hooks of {@link startSessionData}. */
export type SessionDataHooks = {
  /** Called once the preferences are in the store (the app applies the default route then). */
  onPreferences?: () => void;
  /** Reports a failure the user should know about (first failure of each fetch only). */
  onError?: (what: "preferences" | "config" | "switches", error: unknown) => void;
  /** Live channel starter (tests inject a fake). */
  startLive?: typeof startLive;
  retryMs?: number;
};

/**
 * Loads what a logged-in session needs (spec §4, §7): GET /preferences (merged into preferencesAtom),
 * GET /config (then the live channel on its mqttConnectionString) and GET /config/switches. A fetch
 * that fails with a network, timeout or server error is retried every 5000 ms until it succeeds or
 * the session ends; a client error (4xx, e.g. AUTH_SESSION_LOCKED, which the API client already turned
 * into a lock) is not retried.
 * @returns stop: cancels pending retries and closes the live connection (call on lock and logout)
 */
export function startSessionData(store: JotaiStore, api: ApiClients, hooks: SessionDataHooks = {}): () => void {
  let stopped = false;
  let stopLive: (() => void) | undefined;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const retryMs = hooks.retryMs ?? STARTUP_RETRY_MS;

  const load = (what: "preferences" | "config" | "switches", task: () => Promise<void>, attempt = 0): void => {
    task().catch((error: unknown) => {
      if (stopped) return;
      if (attempt === 0) hooks.onError?.(what, error);
      if (isApiError(error) && (error.kind === "client" || error.kind === "aborted")) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopped) load(what, task, attempt + 1);
      }, retryMs);
      timers.add(timer);
    });
  };

  load("preferences", async () => {
    const { data } = await fetchPreferences(api.auth);
    if (stopped) return;
    store.set(preferencesAtom, (current) => mergePreferences(current, data));
    hooks.onPreferences?.();
  });
  load("config", async () => {
    const { data } = await fetchConfig(api.general);
    if (stopped) return;
    store.set(configAtom, data);
    stopLive = (hooks.startLive ?? startLive)(store, data.mqttConnectionString);
  });
  load("switches", async () => {
    const { data } = await fetchSwitches(api.general);
    if (!stopped) store.set(switchesAtom, data);
  });

  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    stopLive?.();
  };
}
