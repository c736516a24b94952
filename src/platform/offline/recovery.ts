import { isGatewayFailure } from "../../shared/http";
import { isLiveConnected } from "../../shared/liveConnection";
import type { JotaiStore } from "../../shared/store";
import { liveConnectionStateAtom } from "../live/atoms";
import { browserOnlineAtom, offlineAtom } from "./atoms";
import { markReachable } from "./connectivity";
import { serverReachableAtom } from "./atoms";

/** Why data is being fetched again. */
export type RecoveryReason = "reconnected" | "wokeUp";

/** Options of {@link startRecovery}. */
export interface RecoveryOptions {
  /** URL probed with HEAD while offline (bypasses the service worker's GET cache), e.g. "/api/v2/config". */
  probeUrl: string;
  /** Called when the hub is reachable again after an outage, or after a long sleep. */
  onRecover: (reason: RecoveryReason) => void;
  /** Probe interval while offline, ms. Default 5000 (spec §9 data fetching retry interval). */
  probeIntervalMs?: number;
  /** How long one check of the hub may take after the live channel dropped before it counts as gone, ms. Default 3000. */
  checkTimeoutMs?: number;
  /** Clock check interval, ms. Default 5000 (spec §9 day-change check). */
  clockCheckMs?: number;
  /** A gap between clock checks longer than the interval plus this is a sleep, ms. Default 60 000. */
  jumpThresholdMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * Keeps the connectivity atoms true and brings the app back by itself:
 * - follows the browser's `online`/`offline` events;
 * - while offline, probes the hub every 5 s with a HEAD request (and at once on `online`, or when
 *   the live channel connects); any answer from the hub marks it reachable;
 * - while online, when the live channel drops (any state but "connect" after having connected;
 *   "end" is our own close), checks the hub at once and then every 5 s until the channel is back:
 *   no answer within 3 s, a network failure or a gateway's 502/503/504 marks the hub unreachable,
 *   so the offline notice appears within seconds on an open page, not only after a reload. A hub
 *   that answers (a broker restart behind a live hub) leaves the app online: the red spinner says it;
 * - when the app goes from offline to online it calls `onRecover("reconnected")`;
 * - when the clock jumps (the tablet slept for over 60 s) it calls `onRecover("wokeUp")`.
 * Returns a stop function that removes every listener and timer.
 */
export function startRecovery(store: JotaiStore, options: RecoveryOptions): () => void {
  const probeIntervalMs = options.probeIntervalMs ?? 5000;
  const clockCheckMs = options.clockCheckMs ?? 5000;
  const jumpThresholdMs = options.jumpThresholdMs ?? 60_000;
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const checkTimeoutMs = options.checkTimeoutMs ?? 3000;
  let probing = false;
  let probeTimer: ReturnType<typeof setInterval> | undefined;
  let checkTimer: ReturnType<typeof setInterval> | undefined;
  let checking = false;

  const probe = async (): Promise<void> => {
    if (probing || !store.get(offlineAtom)) return;
    probing = true;
    try {
      const response = await doFetch(options.probeUrl, { method: "HEAD", credentials: "include", cache: "no-store" });
      if (!isGatewayFailure(response.status)) {
        store.set(browserOnlineAtom, true);
        markReachable(store);
      }
    } catch {
      // still offline; the next probe will tell
    } finally {
      probing = false;
    }
  };

  /** While online with the live channel down: is the hub still there? */
  const check = async (): Promise<void> => {
    if (checking || store.get(offlineAtom)) return;
    checking = true;
    try {
      const response = await doFetch(options.probeUrl, {
        method: "HEAD",
        credentials: "include",
        cache: "no-store",
        signal: AbortSignal.timeout(checkTimeoutMs),
      });
      if (isGatewayFailure(response.status)) store.set(serverReachableAtom, false);
    } catch {
      store.set(serverReachableAtom, false);
    } finally {
      checking = false;
    }
  };

  const syncChecking = (): void => {
    const state = store.get(liveConnectionStateAtom);
    const liveLost = state !== "connect" && state !== "end" && state !== "idle";
    if (liveLost && checkTimer === undefined) {
      void check();
      checkTimer = setInterval(() => void check(), probeIntervalMs);
    }
    if (!liveLost && checkTimer !== undefined) {
      clearInterval(checkTimer);
      checkTimer = undefined;
    }
  };

  const syncProbing = (offline: boolean): void => {
    if (offline && probeTimer === undefined) probeTimer = setInterval(() => void probe(), probeIntervalMs);
    if (!offline && probeTimer !== undefined) {
      clearInterval(probeTimer);
      probeTimer = undefined;
    }
  };

  let wasOffline = store.get(offlineAtom);
  syncProbing(wasOffline);
  const unsubscribeOffline = store.sub(offlineAtom, () => {
    const offline = store.get(offlineAtom);
    syncProbing(offline);
    if (wasOffline && !offline) options.onRecover("reconnected");
    wasOffline = offline;
  });
  let everConnected = false;
  const unsubscribeLive = store.sub(liveConnectionStateAtom, () => {
    if (isLiveConnected(store.get(liveConnectionStateAtom))) {
      everConnected = true;
      void probe();
    }
    if (everConnected) syncChecking();
  });

  const handleOnline = (): void => {
    store.set(browserOnlineAtom, true);
    void probe();
  };
  const handleOffline = (): void => store.set(browserOnlineAtom, false);
  window.addEventListener("online", handleOnline);
  window.addEventListener("offline", handleOffline);

  let lastTick = now();
  const clockTimer = setInterval(() => {
    const t = now();
    const gap = t - lastTick;
    lastTick = t;
    if (gap > clockCheckMs + jumpThresholdMs) {
      options.onRecover("wokeUp");
      void probe();
    }
  }, clockCheckMs);

  return () => {
    unsubscribeOffline();
    unsubscribeLive();
    window.removeEventListener("online", handleOnline);
    window.removeEventListener("offline", handleOffline);
    clearInterval(clockTimer);
    if (checkTimer !== undefined) clearInterval(checkTimer);
    syncProbing(false);
  };
}
