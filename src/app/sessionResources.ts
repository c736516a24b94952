import type { SessionResource } from "../lib/session/resource";
import { FEATURES } from "./features";

/**
 * Everything a logged-in session loads over HTTP (DESIGN §4a), from the one list of the app's parts
 * (src/app/features.ts) in its order: boot (startSessionData), the offline recovery and the
 * post-outage refetch (startOffline) all read it.
 */
export const SESSION_RESOURCES: readonly SessionResource[] = FEATURES.flatMap((part) => part.sessionResources ?? []);
