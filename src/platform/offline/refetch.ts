import type { SessionResource } from "../../lib/session/resource";
import { sessionRevalidatorAtom } from "../../lib/session/revalidate";
import type { JotaiStore } from "../../shared/store";
import { sessionAtom } from "../auth/atoms";

/**
 * Fetches the session's HTTP data again after an outage or a long sleep, by
 * itself: every resource of the app's list
 * (src/app/sessionResources.ts) marked `refetchAfterOutage` is revalidated through the running loader
 * (sessionRevalidatorAtom: the same data-fetching keys the session loads them under, which write an
 * answer from the service worker's cache only until the hub has answered), only while logged in and
 * while the loader runs. Failures are logged, not thrown.
 */
export async function refetchSessionData(store: JotaiStore, resources: readonly SessionResource[]): Promise<void> {
  const loader = store.get(sessionRevalidatorAtom);
  if (store.get(sessionAtom).status !== "loggedIn" || loader === null) return;
  const results = await Promise.allSettled(
    resources.filter((resource) => resource.refetchAfterOutage).map((resource) => loader.revalidate(resource)),
  );
  for (const result of results)
    if (result.status === "rejected") console.warn("refetch after recovery failed", result.reason);
}
