import { createSessionWatch } from "../platform/auth/sessionWatch";
import { configAtom } from "../platform/config";
import { liveConnectionStateAtom } from "../platform/live/atoms";
import { liveClientIdAtom } from "../platform/live/clientId";
import { startLive } from "../platform/live/start";
import { sessionEndedHashOf } from "../../contract/auth";
import type { ApiClient } from "../lib/api/client";
import type { SessionResource } from "../lib/session/resource";
import type { JotaiStore } from "../shared/store";

/** Hooks of {@link startSessionData}. */
export type SessionDataHooks = {
  /** Called once the preferences are in the store (the app applies the default route then). */
  onPreferences?: () => void;
  /** Live channel starter (tests inject a fake). */
  startLive?: typeof startLive;
};

/** What {@link startSessionData} returns. */
export type SessionData = {
  /** Call after a session resource's answer was written into the store. */
  loaded(resource: SessionResource): void;
  /** Closes the live connection, stops watching the session and ignores later answers (call on lock and logout). */
  stop(): void;
};

/**
 * What a logged-in session does as its resources arrive (spec §4, §7; the resources are loaded by
 * the data-fetching feature, SessionResources): after the preferences, `onPreferences`; after the
 * first config, the live channel on its mqttConnectionString (once per session), with the MQTT client
 * id of liveClientIdAtom, and again whenever that id changes (a panel's command channel on a household
 * Mosquitto arrives with its registration). While it runs, the
 * session is watched (platform/auth/sessionWatch.ts) with `auth`, the authentication API: a live
 * connection that closes or is refused, or the hub's `session/<hash>/ended` naming this session,
 * validates it, so a session locked from another device shows the PIN screen without waiting for the
 * next API call, on the embedded broker and on an external one.
 */
export function startSessionData(store: JotaiStore, auth: ApiClient, hooks: SessionDataHooks = {}): SessionData {
  let stopped = false;
  let stopLive: (() => void) | undefined;
  let liveUrl: string | undefined;
  let liveClientId: string | null = null;
  const watch = createSessionWatch(auth);
  const unwatchLive = store.sub(liveConnectionStateAtom, () => watch.liveState(store.get(liveConnectionStateAtom)));
  const take = (topic: string): boolean => {
    const hash = sessionEndedHashOf(topic);
    if (hash === null) return false;
    watch.sessionEnded(hash);
    return true;
  };
  const connectLive = (url: string) => {
    liveUrl = url;
    liveClientId = store.get(liveClientIdAtom);
    stopLive = (hooks.startLive ?? startLive)(store, url, {
      take,
      ...(liveClientId === null ? {} : { clientId: liveClientId }),
    });
  };
  const unwatchClientId = store.sub(liveClientIdAtom, () => {
    if (stopped || stopLive === undefined || liveUrl === undefined) return;
    if (store.get(liveClientIdAtom) === liveClientId) return;
    stopLive();
    connectLive(liveUrl);
  });
  return {
    loaded(resource) {
      if (stopped) return;
      if (resource.name === "preferences") hooks.onPreferences?.();
      const config = store.get(configAtom);
      if (resource.name === "config" && config !== null && stopLive === undefined) {
        connectLive(config.mqttConnectionString);
      }
    },
    stop() {
      stopped = true;
      watch.stop();
      unwatchLive();
      unwatchClientId();
      stopLive?.();
    },
  };
}
