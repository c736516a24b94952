import { camerasResource } from "../features/cameras";
import { configResource } from "../platform/config";
import { preferencesResource } from "../platform/preferences/resource";
import { switchesResource } from "../features/switches/resource";
import type { SessionResource } from "../lib/session/resource";

/**
 * Everything a logged-in session loads over HTTP (DESIGN §4a), in one list: boot
 * (startSessionData), the offline recovery and the post-outage refetch (startOffline) all read it.
 * A new feature adds its resource here.
 */
export const SESSION_RESOURCES: readonly SessionResource[] = [
  preferencesResource,
  configResource,
  switchesResource,
  camerasResource,
];
