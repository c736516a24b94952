import { useStore } from "jotai";
import { useCallback, useLayoutEffect, useMemo, useRef } from "react";
import { SWRConfig, useSWRConfig, type SWRConfiguration } from "swr";
import type { ApiClients } from "../../../lib/api/clients";
import type { SessionResource } from "../../../lib/session/resource";
import { sessionRevalidatorAtom } from "../../../lib/session/revalidate";
import { createSessionLoader, type SessionLoader, type SessionLoaderHooks } from "../loader";
import { SESSION_FETCH_OPTIONS } from "../options";
import { LoadingSlowHint } from "./LoadingSlowHint";
import { ResourceLoader } from "./ResourceLoader";

/** Props of {@link SessionResources}. */
export type SessionResourcesProps = SessionLoaderHooks & {
  /** What the session loads: the app's one list (src/app/sessionResources.ts). */
  resources: readonly SessionResource[];
  api: ApiClients;
};

/** Publishes the library's revalidation of a key in the store while mounted (sessionRevalidatorAtom). */
function RevalidatorHandle() {
  const store = useStore();
  const { mutate } = useSWRConfig();
  useLayoutEffect(() => {
    store.set(sessionRevalidatorAtom, { revalidate: (resource) => mutate(resource.key).then(() => undefined) });
    return () => store.set(sessionRevalidatorAtom, null);
  }, [store, mutate]);
  return null;
}

/**
 * Loads the session's resources while mounted (the logged-in app: from login or unlock to lock or
 * logout) with the data-fetching library, SWR (spec §9 data fetching; its settings:
 * {@link SESSION_FETCH_OPTIONS}), each under its key, into the atoms the features read
 * (createSessionLoader), and shows the loading-slow hint. Each mount has its own cache, so a new
 * session starts empty and fetches everything. While mounted, sessionRevalidatorAtom lets the
 * offline recovery refetch the same keys after an outage. Renders the hint only.
 */
export function SessionResources({ resources, api, onLoaded, onError }: SessionResourcesProps) {
  const store = useStore();
  const loaderRef = useRef<SessionLoader | null>(null);
  const hooksRef = useRef<SessionLoaderHooks>({ onLoaded, onError });
  useLayoutEffect(() => {
    hooksRef.current = { onLoaded, onError };
  }, [onLoaded, onError]);
  // A layout effect: it runs in the commit that starts the first fetches, before any answer can arrive.
  useLayoutEffect(() => {
    const loader = createSessionLoader(store, {
      onLoaded: (resource) => hooksRef.current.onLoaded?.(resource),
      onError: (resource, error) => hooksRef.current.onError?.(resource, error),
    });
    loaderRef.current = loader;
    return () => {
      loaderRef.current = null;
      loader.stop();
    };
  }, [store]);
  const getLoader = useCallback(() => loaderRef.current, []);
  const value = useMemo<SWRConfiguration>(() => ({ ...SESSION_FETCH_OPTIONS, provider: () => new Map() }), []);
  return (
    <SWRConfig value={value}>
      <RevalidatorHandle />
      {resources.map((resource) => (
        <ResourceLoader key={resource.key} resource={resource} api={api} loader={getLoader} />
      ))}
      <LoadingSlowHint />
    </SWRConfig>
  );
}
