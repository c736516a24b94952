import type { JotaiStore } from "../../shared/store";
import type { ApiClient } from "../../lib/api/client";
import { fetchPreferences } from "../preferences/api";
import { preferencesAtom } from "../preferences/atoms";
import { mergePreferences } from "../preferences/schemas";
import { fetchConfig, fetchSwitches } from "../switches/api";
import { configAtom, switchesAtom } from "../switches/atoms";
import { sessionAtom } from "../auth/atoms";

/**
 * Fetches the session's HTTP data again after an outage or a long sleep (issue 3 "After a long sleep
 * or a long outage the app refreshes its data by itself"): GET /config, GET /config/switches and
 * GET /preferences, each stored only when it came from the hub (not from the service worker's cache)
 * and only while logged in. Sensors follow `dataRefreshEpochAtom`. Failures are logged, not thrown.
 */
export async function refetchSessionData(store: JotaiStore, api: { auth: ApiClient; general: ApiClient }): Promise<void> {
  if (store.get(sessionAtom).status !== "loggedIn") return;
  const tasks = [
    fetchConfig(api.general).then((result) => {
      if (!result.fromCache) store.set(configAtom, result.data);
    }),
    fetchSwitches(api.general).then((result) => {
      if (!result.fromCache) store.set(switchesAtom, result.data);
    }),
    fetchPreferences(api.auth).then((result) => {
      if (!result.fromCache) store.set(preferencesAtom, (current) => mergePreferences(current, result.data));
    }),
  ];
  const results = await Promise.allSettled(tasks);
  for (const result of results) if (result.status === "rejected") console.warn("refetch after recovery failed", result.reason);
}
