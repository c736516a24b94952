import * as v from "valibot";

/**
 * Messages between the app and its service worker (postMessage). Both sides validate what they
 * receive with these schemas; anything else is ignored.
 *
 * App -> service worker:
 * - `SKIP_WAITING`: activate the waiting (new) version now. Sent only when the kiosk is idle
 *   (an update applies only when idle); the service worker never skips waiting by itself.
 *   (workbox-window's `messageSkipWaiting()` sends exactly this.)
 *
 * The app and the service worker share the Dexie database directly (src/shared/db), so cached API
 * answers are cleared by the app itself on logout, without a message.
 */
export const SkipWaitingMessageSchema = v.object({ type: v.literal("SKIP_WAITING") });

/** Any message the app sends to the service worker. */
export const AppToSwMessageSchema = v.variant("type", [SkipWaitingMessageSchema]);
export type AppToSwMessage = v.InferOutput<typeof AppToSwMessageSchema>;

/** Header the service worker adds to an API answer served from its IndexedDB cache: ISO-8601 fetch time. */
export const CACHE_FETCHED_AT_HEADER = "X-Cache-Fetched-At";

/** Error code of the service worker's 503 answer when the network is down and nothing is cached. */
export const OFFLINE_ERROR_CODE = "OFFLINE";

/**
 * Window event dispatched when another connection (a new version in another tab or the new service
 * worker) wants to upgrade the IndexedDB schema: the kiosk reloads at idle so old code does not keep
 * running against a new schema. A plain event, so the kiosk needs no Dexie import.
 */
export const DB_VERSION_CHANGE_EVENT = "dashboard:db-versionchange";
