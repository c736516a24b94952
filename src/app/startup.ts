import { startTransition } from "react";
import { createSessionWatch } from "../features/auth/sessionWatch";
import { configAtom } from "../features/config";
import { liveConnectionStateAtom } from "../features/live/atoms";
import { startLive } from "../features/live/start";
import { sessionEndedHashOf } from "../shared/contract/auth";
import { isApiError } from "../lib/api/errors";
import type { SessionResource } from "../lib/session/resource";
import type { ApiClients } from "../routes/-context";
import type { JotaiStore } from "../shared/store";
import { SESSION_RESOURCES } from "./sessionResources";

/** Wait between attempts of a failed start-up fetch, ms (spec §9 data fetching retry interval). */
export const STARTUP_RETRY_MS = 5000;

/** Hooks of {@link startSessionData}. */
export type SessionDataHooks = {
  /** Called once the preferences are in the store (the app applies the default route then). */
  onPreferences?: () => void;
  /** Reports a failure the user should know about (first failure of each fetch only). */
  onError?: (what: string, error: unknown) => void;
  /** Live channel starter (tests inject a fake). */
  startLive?: typeof startLive;
  retryMs?: number;
  /** What to load; default {@link SESSION_RESOURCES}. */
  resources?: readonly SessionResource[];
};

/**
 * Loads what a logged-in session needs (spec §4, §7): every resource of {@link SESSION_RESOURCES}
 * (GET /preferences merged into preferencesAtom, GET /config, GET /config/switches), then the live
 * channel on config's mqttConnectionString. A fetch
 * that fails with a network, timeout or server error is retried every 5000 ms until it succeeds or
 * the session ends; each answer is written to the store in a React transition (its re-render is
 * time-sliced, issue 9); a client error (4xx, e.g. AUTH_SESSION_LOCKED, which the API client already turned
 * into a lock) is not retried. While it runs, the session is watched (features/auth/sessionWatch.ts):
 * a live connection that closes or is refused, or the hub's `session/<hash>/ended` naming this
 * session, validates it, so a session locked from another device shows the PIN screen without
 * waiting for the next API call, on the embedded broker and on an external one.
 * @returns stop: cancels pending retries and closes the live connection (call on lock and logout)
 */
export function startSessionData(store: JotaiStore, api: ApiClients, hooks: SessionDataHooks = {}): () => void {
  let stopped = false;
  let stopLive: (() => void) | undefined;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const retryMs = hooks.retryMs ?? STARTUP_RETRY_MS;
  const watch = createSessionWatch(api.auth);
  const unwatchLive = store.sub(liveConnectionStateAtom, () => watch.liveState(store.get(liveConnectionStateAtom)));
  const take = (topic: string): boolean => {
    const hash = sessionEndedHashOf(topic);
    if (hash === null) return false;
    watch.sessionEnded(hash);
    return true;
  };

  const load = (resource: SessionResource, attempt = 0): void => {
    resource
      .load(api)
      .then(({ write }) => {
        if (stopped) return;
        // A transition: the screens this data fills (every tile at once when the config arrives)
        // re-render in time slices instead of one long task (issue 9). The store has the data at once.
        startTransition(() => write(store));
        if (resource.name === "preferences") hooks.onPreferences?.();
        const config = store.get(configAtom);
        if (resource.name === "config" && config !== null && stopLive === undefined) {
          stopLive = (hooks.startLive ?? startLive)(store, config.mqttConnectionString, { take });
        }
      })
      .catch((error: unknown) => {
        if (stopped) return;
        if (attempt === 0) hooks.onError?.(resource.name, error);
        if (isApiError(error) && (error.kind === "client" || error.kind === "aborted")) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!stopped) load(resource, attempt + 1);
        }, retryMs);
        timers.add(timer);
      });
  };

  for (const resource of hooks.resources ?? SESSION_RESOURCES) load(resource);

  return () => {
    stopped = true;
    watch.stop();
    unwatchLive();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    stopLive?.();
  };
}
