import type { WritableAtom } from "jotai";
import type { ApiResult } from "../api/client";
import type { ApiClients } from "../api/clients";
import type { JotaiStore } from "../../shared/store";

/**
 * One piece of HTTP data a logged-in session loads (DESIGN §4a "Session resources in one registry"):
 * each feature declares its own with {@link defineSessionResource}; the app lists them once
 * (src/app/sessionResources.ts) and boot, the offline recovery and the post-outage refetch all read
 * that list.
 */
export type SessionResource = {
  /** Names it in logs and hooks: 'preferences', 'config', 'switches'. */
  readonly name: string;
  /** Fetched again by itself after an outage or a long sleep (issue 3); default true. */
  readonly refetchAfterOutage: boolean;
  /**
   * Fetches it; resolves with whether the service worker answered from its cache and a function that
   * writes the answer into the store (merged as the resource says). Rejects with the API's error.
   */
  load(api: ApiClients): Promise<{ fromCache: boolean; write: (store: JotaiStore) => void }>;
};

/** What a feature declares for {@link defineSessionResource}. */
export type SessionResourceSpec<T, S> = {
  name: string;
  /** The GET that loads it (the feature's api.ts function). */
  fetch: (api: ApiClients) => Promise<ApiResult<T>>;
  /** The atom the answer goes to. */
  atom: WritableAtom<S, [(current: S) => S], void>;
  /** How an answer is merged into what the atom holds; default: replaces it. */
  merge?: (current: S, data: T) => S;
  /** See {@link SessionResource.refetchAfterOutage}; default true. */
  refetchAfterOutage?: boolean;
};

/**
 * Declares a session resource: `fetch` loads it, `merge` (default: replace) writes it into `atom`.
 * The data type `T` must be assignable to the atom's `S` when no `merge` is given.
 */
export function defineSessionResource<T, S>(spec: SessionResourceSpec<T, S>): SessionResource {
  const merge = spec.merge ?? ((_current: S, data: T) => data as unknown as S);
  return {
    name: spec.name,
    refetchAfterOutage: spec.refetchAfterOutage ?? true,
    async load(api) {
      const result = await spec.fetch(api);
      return { fromCache: result.fromCache, write: (store) => store.set(spec.atom, (current) => merge(current, result.data)) };
    },
  };
}
