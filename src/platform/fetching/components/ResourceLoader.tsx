import useSWR from "swr";
import type { ApiClients } from "../../../lib/api/clients";
import type { SessionResource } from "../../../lib/session/resource";
import type { SessionLoader } from "../loader";

/** Props of {@link ResourceLoader}. */
export type ResourceLoaderProps = {
  resource: SessionResource;
  api: ApiClients;
  /** The session's loader; read at each callback (it changes when the session restarts). */
  loader: () => SessionLoader | null;
};

/**
 * Loads one session resource under its key with the data-fetching library (SWR, configured by
 * SessionResources) and hands each outcome to the session's loader. Renders nothing and reads none
 * of the library's state, so it never re-renders on a fetch.
 */
export function ResourceLoader({ resource, api, loader }: ResourceLoaderProps) {
  useSWR(resource.key, () => resource.fetch(api), {
    onSuccess: (result) => loader()?.loaded(resource, result),
    onError: (error: unknown) => loader()?.failed(resource, error),
    onLoadingSlow: () => loader()?.slow(resource),
  });
  return null;
}
