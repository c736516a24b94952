import type { ApiClient } from "../../lib/api/client";
import type { LiveConnectionState } from "../../shared/liveConnection";
import { validateSession } from "./api";

/** Least time between two validations a live connection that stays down asks for, ms (spec §9 data fetching retry interval). */
export const SESSION_WATCH_INTERVAL_MS = 5_000;

/** Options of {@link createSessionWatch}; tests pass a clock. */
export type SessionWatchOptions = { intervalMs?: number; now?: () => number };

/** What the running app tells the watch: each live connection state, and each session the hub says it ended. */
export type SessionWatch = {
  liveState(state: LiveConnectionState): void;
  sessionEnded(hash: string): void;
  stop(): void;
};

/**
 * Watches the session while the app runs (spec §4: a locked session shows the PIN screen;
 * docs/contract.md "Live channel"), by validating it (`POST /session/validate` through the auth API
 * client, whose error codes go to the session: AUTH_SESSION_LOCKED locks, a 401 logs out):
 * - `liveState`: a live connection that closed or failed ("close", "error": the embedded broker
 *   closes a locked session's socket and refuses its reconnects) validates at once the first time,
 *   then at most every {@link SESSION_WATCH_INTERVAL_MS} while it stays down;
 * - `sessionEnded(hash)`: the hub named a session it locked or revoked (`session/<hash>/ended`, the
 *   only way a panel on an external broker learns it): when it is this panel's own, or the panel
 *   does not know its hash yet, it validates at once. Each successful validation answers the
 *   session's public hash, which the watch keeps.
 * One validation at a time; a request for one while another runs validates again after it. A
 * failure to reach the hub changes nothing. Never throws; `stop` ends it.
 */
export function createSessionWatch(auth: ApiClient, options: SessionWatchOptions = {}): SessionWatch {
  const intervalMs = options.intervalMs ?? SESSION_WATCH_INTERVAL_MS;
  const now = options.now ?? Date.now;
  let stopped = false;
  let running = false;
  let again = false;
  let ownHash: string | null = null;
  let lastLiveCheck = Number.NEGATIVE_INFINITY;

  const validate = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    validateSession(auth)
      .then(
        (item) => {
          if (item.hash !== undefined) ownHash = item.hash;
        },
        () => undefined, // the client reported the code (lock, logout); unreachable: nothing to do
      )
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          validate();
        }
      });
  };

  return {
    liveState: (state) => {
      if (state !== "close" && state !== "error") return;
      if (now() - lastLiveCheck < intervalMs) return;
      lastLiveCheck = now();
      validate();
    },
    sessionEnded: (hash) => {
      if (ownHash === null || hash === ownHash) validate();
    },
    stop: () => {
      stopped = true;
    },
  };
}
