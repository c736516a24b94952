import type { WritableAtom } from "jotai";
import type { ApiResult } from "../api/client";
import type { ApiClients } from "../api/clients";
import type { JotaiStore } from "../../shared/store";

/**
 * One piece of HTTP data a logged-in session loads (DESIGN §4a "Session resources in one registry"):
 * each feature declares its own with {@link defineSessionResource}; the app lists them once
 * (src/app/sessionResources.ts). The data-fetching library loads each under its {@link key} (spec §9
 * data fetching: dedupe, focus revalidation, error retry, loading-slow), and the offline recovery's
 * refetch after an outage revalidates the same keys.
 */
export type SessionResource = {
  /** Names it in logs and hooks: 'preferences', 'config', 'switches'. */
  readonly name: string;
  /** Its key in the data-fetching cache: `session/<name>`. */
  readonly key: string;
  /** Fetched again by itself after an outage or a long sleep; default true. */
  readonly refetchAfterOutage: boolean;
  /**
   * Fetches it: resolves with the validated answer, whether the service worker answered from its
   * cache and when that answer was fetched (ApiResult). Rejects with the API's error (ApiError).
   */
  fetch(api: ApiClients): Promise<ApiResult<unknown>>;
  /** Writes an answer of {@link fetch} (its `data`) into the store, merged as the resource says. */
  write(store: JotaiStore, data: unknown): void;
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
 * The data type `T` must be assignable to the atom's `S` when no `merge` is given. `write` is only
 * ever given what this resource's own `fetch` resolved with.
 */
export function defineSessionResource<T, S>(spec: SessionResourceSpec<T, S>): SessionResource {
  const merge = spec.merge ?? ((_current: S, data: T) => data as unknown as S);
  return {
    name: spec.name,
    key: `session/${spec.name}`,
    refetchAfterOutage: spec.refetchAfterOutage ?? true,
    fetch: (api) => spec.fetch(api),
    write: (store, data) => store.set(spec.atom, (current) => merge(current, data as T)),
  };
}
