/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { cacheNames, clientsClaim } from "workbox-core";
import * as v from "valibot";
import { AppToSwMessageSchema } from "../src/shared/messages";
import { getDashboardDb } from "../src/shared/db";
import { apiBasesFromSearch } from "../src/shared/apiBases";
import { handleApiGet, isCacheableApiGet, navigationDenylist } from "./apiRoute";
import { keepPreviousAssets, matchPreviousAsset } from "./previousAssets";
import { registerPushHandlers } from "./push";

/**
 * The dashboard's service worker (DESIGN.md §5), built by vite-plugin-pwa (injectManifest).
 * - precaches the shell and answers navigations with the precached index.html (not /api, /mqtt);
 * - keeps the previous version's hashed assets (see previousAssets.ts);
 * - API GETs under the configured bases (passed in the script URL, src/shared/apiBases.ts): network
 *   first (3 s), IndexedDB fallback (see apiRoute.ts); writes are never touched;
 * - activates a new version only when the app says so (`SKIP_WAITING`, sent at idle), then takes
 *   control of open pages (`clientsClaim`: on the first visit so the very first session is already
 *   cached for offline use; after an update, pages still on the old version keep loading their
 *   chunks from the previous version's assets and reload themselves at idle);
 * - shows the hub's Web Push messages and opens their screen when tapped (push.ts).
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

self.addEventListener("install", (event) => {
  event.waitUntil(keepPreviousAssets(self.caches, cacheNames.precache));
});

clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** The API bases the app registered this worker with (its script URL's query; defaults otherwise). */
const apiBases = apiBasesFromSearch(self.location.search);

registerRoute(new NavigationRoute(createHandlerBoundToURL("index.html"), { denylist: navigationDenylist(apiBases) }));

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith("/assets/") && request.method === "GET",
  async ({ request }) => {
    const previous = await matchPreviousAsset(self.caches, request.url);
    return previous ?? fetch(request);
  },
);

registerRoute(
  ({ url, request }) => isCacheableApiGet(url, request.method, self.location.origin, apiBases),
  ({ request, event }) =>
    handleApiGet(request, {
      db: getDashboardDb(),
      fetch: (r) => fetch(r),
      now: () => Date.now(),
      waitUntil: (promise) => event.waitUntil(promise),
    }),
);

self.addEventListener("message", (event) => {
  const message = v.safeParse(AppToSwMessageSchema, event.data);
  if (message.success && message.output.type === "SKIP_WAITING") void self.skipWaiting();
});

registerPushHandlers(self);
