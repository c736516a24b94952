import type { ApiClients } from "../../lib/api/clients";
import type { SessionResource } from "../../lib/session/resource";
import type { JotaiStore } from "../../shared/store";
import { sessionAtom } from "../auth/atoms";

/**
 * Fetches the session's HTTP data again after an outage or a long sleep (issue 3 "After a long sleep
 * or a long outage the app refreshes its data by itself"): every resource of the app's list
 * (src/app/sessionResources.ts) marked `refetchAfterOutage`, each stored only when it came from the
 * hub (not from the service worker's cache) and only while logged in. Failures are logged, not thrown.
 */
export async function refetchSessionData(store: JotaiStore, api: ApiClients, resources: readonly SessionResource[]): Promise<void> {
  if (store.get(sessionAtom).status !== "loggedIn") return;
  const results = await Promise.allSettled(
    resources
      .filter((resource) => resource.refetchAfterOutage)
      .map(async (resource) => {
        const { fromCache, write } = await resource.load(api);
        if (!fromCache && store.get(sessionAtom).status === "loggedIn") write(store);
      }),
  );
  for (const result of results) if (result.status === "rejected") console.warn("refetch after recovery failed", result.reason);
}
