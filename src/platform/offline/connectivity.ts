import { isGatewayFailure } from "../../shared/http";
import { CACHE_FETCHED_AT_HEADER } from "../../shared/messages";
import type { JotaiStore } from "../../shared/store";
import { cachedDataFetchedAtAtom, offlineAtom, refusedWriteAtom, serverReachableAtom } from "./atoms";

/** `POST /session/validate` only reads the session (boot, recovery): never refused. */
const VALIDATE_PATH = "/session/validate";

/** Methods that only read: never refused. */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The error a refused write rejects with ("While offline every control says it cannot act now and sends nothing"). */
export class OfflineWriteError extends Error {
  readonly method: string;
  readonly path: string;
  constructor(method: string, path: string) {
    super(`Offline: ${method} ${path} was not sent (writes are never queued or replayed)`);
    this.name = "OfflineWriteError";
    this.method = method;
    this.path = path;
  }
}

/**
 * Wraps `fetch` for the API clients (`createApiClient({ fetch })`) so every exchange updates the
 * connectivity atoms, and writes are refused while offline:
 * - a network failure (fetch rejects) -> hub unreachable;
 * - an answer carrying `X-Cache-Fetched-At` (service worker cache) or the service worker's
 *   `503 {"code":"OFFLINE"}`, or a gateway's 502/503/504 -> hub unreachable (the hub itself answers
 *   500 for its own failures); the cache time is kept for the notice;
 * - any other answer (even 4xx/5xx from the hub) -> hub reachable;
 * - a POST/PATCH/PUT/DELETE while {@link offlineAtom} is true rejects with {@link OfflineWriteError}
 *   before anything is sent, and records it in `refusedWriteAtom`.
 */
export function trackConnectivity(
  store: JotaiStore,
  base: typeof fetch = (i, init) => globalThis.fetch(i, init),
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const method = request.method.toUpperCase();
    const path = new URL(request.url).pathname;
    if (!READ_METHODS.has(method) && !path.endsWith(VALIDATE_PATH) && store.get(offlineAtom)) {
      store.set(refusedWriteAtom, { at: Date.now(), method, path });
      throw new OfflineWriteError(method, path);
    }
    let response: Response;
    try {
      response = await base(request);
    } catch (error) {
      if (!request.signal.aborted) store.set(serverReachableAtom, false);
      throw error;
    }
    noteResponse(store, response);
    return response;
  };
}

/** Updates the connectivity atoms from one API answer (see {@link trackConnectivity}). */
export function noteResponse(store: JotaiStore, response: Response): void {
  const cachedAt = Date.parse(response.headers.get(CACHE_FETCHED_AT_HEADER) ?? "");
  if (!Number.isNaN(cachedAt)) {
    store.set(serverReachableAtom, false);
    const shown = store.get(cachedDataFetchedAtAtom);
    store.set(cachedDataFetchedAtAtom, shown === null ? cachedAt : Math.min(shown, cachedAt));
    return;
  }
  if (isGatewayFailure(response.status)) {
    store.set(serverReachableAtom, false);
    return;
  }
  markReachable(store);
}

/** Marks the hub reachable again and forgets the cached data age and the refused write. */
export function markReachable(store: JotaiStore): void {
  store.set(serverReachableAtom, true);
  store.set(cachedDataFetchedAtAtom, null);
  store.set(refusedWriteAtom, null);
}
