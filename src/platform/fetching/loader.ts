import { startTransition } from "react";
import type { ApiResult } from "../../lib/api/client";
import type { SessionResource } from "../../lib/session/resource";
import type { JotaiStore } from "../../shared/store";
import { settledResourcesAtom, slowResourcesAtom } from "./atoms";

/** Hooks of {@link createSessionLoader}. */
export type SessionLoaderHooks = {
  /** After an answer of `resource` was written into the store. */
  onLoaded?: (resource: SessionResource) => void;
  /** A fetch of `resource` failed: the first failure since it last loaded (or since the start) only. */
  onError?: (resource: SessionResource, error: unknown) => void;
};

/** What the data-fetching library calls for each resource of one logged-in session. */
export type SessionLoader = {
  /** A fetch resolved: writes it unless stopped or it is a cached answer after the hub's own. */
  loaded(resource: SessionResource, result: ApiResult<unknown>): void;
  /** A fetch failed. */
  failed(resource: SessionResource, error: unknown): void;
  /** The first fetch is still running after the loading-slow time. */
  slow(resource: SessionResource): void;
  /** Ends this session's loading: nothing is written or reported after it; the hint goes. */
  stop(): void;
};

/**
 * The session side of data fetching (spec §9), one per logged-in session, called by the library's
 * callbacks (SessionResources.tsx):
 * - an answer is written into the store in a React transition (the screens it fills re-render
 *   time-sliced), then `onLoaded`; an answer the service worker gave from its IndexedDB cache
 *   (`fromCache`) is written only until the hub itself has answered for that resource in this
 *   session: it boots the app offline with the last known data, but never replaces newer data;
 * - a resource still loading after the loading-slow time is in slowResourcesAtom until its fetch
 *   ends (loaded or failed);
 * - a resource the hub answered (not the cache), or whose fetch failed, is in settledResourcesAtom
 *   until the session stops;
 * - after `stop` (lock, logout) the callbacks of fetches still running do nothing.
 */
export function createSessionLoader(store: JotaiStore, hooks: SessionLoaderHooks = {}): SessionLoader {
  let active = true;
  const fromHub = new Set<string>();
  const failing = new Set<string>();
  const mine = new Set<string>();
  const settled = new Set<string>();
  const setSlow = (name: string, slow: boolean): void => {
    const current = store.get(slowResourcesAtom);
    if (current.includes(name) === slow) return;
    if (slow) mine.add(name);
    store.set(slowResourcesAtom, slow ? [...current, name] : current.filter((item) => item !== name));
  };
  const settle = (name: string): void => {
    const current = store.get(settledResourcesAtom);
    if (current.includes(name)) return;
    settled.add(name);
    store.set(settledResourcesAtom, [...current, name]);
  };
  return {
    loaded(resource, result) {
      if (!active) return;
      setSlow(resource.name, false);
      failing.delete(resource.name);
      if (result.fromCache && fromHub.has(resource.name)) return;
      if (!result.fromCache) fromHub.add(resource.name);
      startTransition(() => resource.write(store, result.data));
      if (!result.fromCache) settle(resource.name);
      hooks.onLoaded?.(resource);
    },
    failed(resource, error) {
      if (!active) return;
      setSlow(resource.name, false);
      settle(resource.name);
      if (failing.has(resource.name)) return;
      failing.add(resource.name);
      hooks.onError?.(resource, error);
    },
    slow(resource) {
      if (active) setSlow(resource.name, true);
    },
    stop() {
      active = false;
      for (const name of mine) setSlow(name, false);
      store.set(settledResourcesAtom, (current) => current.filter((name) => !settled.has(name)));
    },
  };
}
