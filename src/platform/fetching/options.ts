import type { SWRConfiguration } from "swr";
import { isApiError } from "../../lib/api/errors";

/**
 * Whether a failed fetch of a session resource is tried again: network errors, timeouts and server
 * errors are; a client error (4xx: AUTH_SESSION_LOCKED, which the API client already turned into a
 * lock, or a 404) and an aborted call are not.
 */
export function isRetriedError(error: unknown): boolean {
  return !(isApiError(error) && (error.kind === "client" || error.kind === "aborted"));
}

/**
 * The data-fetching library's configuration for the session resources (SWR; spec §9 data fetching).
 * Its own defaults are the spec's numbers and are kept: requests deduplicated within
 * `dedupingInterval` 2000 ms, revalidation when the window regains focus or becomes visible at most
 * once per `focusThrottleInterval` 5000 ms (and not in the first 5000 ms after mounting),
 * `errorRetryInterval` 5000 ms and `loadingTimeout` 3000 ms, 10 000 and 5000 ms when
 * `navigator.connection` reports `slow-2g`, `2g` or Save-Data when the library loads. Changed here:
 * - a failed fetch is retried every `errorRetryInterval`, not with the library's growing, jittered
 *   back-off (the spec gives one interval), until it succeeds or the session ends; client errors
 *   are not retried ({@link isRetriedError});
 * - no revalidation on the browser's `online` event: the offline feature's recovery refetches after
 *   an outage (of the network or of the hub, which that event does not see) through the same keys.
 * Only reads (GETs) go through it: writes are commands and are never retried.
 */
export const SESSION_FETCH_OPTIONS: SWRConfiguration = {
  revalidateOnReconnect: false,
  shouldRetryOnError: isRetriedError,
  onErrorRetry: (_error, _key, config, revalidate, options) => {
    setTimeout(() => void revalidate(options), config.errorRetryInterval);
  },
};
