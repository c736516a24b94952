import { configAtom } from "../features/config";
import { startLive } from "../features/live/start";
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
  /** Closes the live connection and ignores later answers (call on lock and logout). */
  stop(): void;
};

/**
 * What a logged-in session does as its resources arrive (spec §4, §7; the resources are loaded by
 * the data-fetching feature, SessionResources): after the preferences, `onPreferences`; after the
 * first config, the live channel on its mqttConnectionString (once per session).
 */
export function startSessionData(store: JotaiStore, hooks: SessionDataHooks = {}): SessionData {
  let stopped = false;
  let stopLive: (() => void) | undefined;
  return {
    loaded(resource) {
      if (stopped) return;
      if (resource.name === "preferences") hooks.onPreferences?.();
      const config = store.get(configAtom);
      if (resource.name === "config" && config !== null && stopLive === undefined) {
        stopLive = (hooks.startLive ?? startLive)(store, config.mqttConnectionString);
      }
    },
    stop() {
      stopped = true;
      stopLive?.();
    },
  };
}
