/**
 * Keeps the previous version's hashed assets reachable after a deploy (the
 * previous version's hashed assets are still served, so a lazy chunk never fails to load).
 *
 * Workbox's precache is ONE cache shared by all versions: when a new service worker activates it
 * deletes every entry that is not in the new manifest, and the hub no longer has the old files
 * either, so a page still running the old version would get a 404 for a lazy chunk it has not loaded
 * yet. While the new worker installs (the old one still in charge), we copy the precached `/assets/*`
 * entries of the outgoing version into a separate cache, replacing the one kept for the version
 * before it: exactly one previous version is kept, so growth is bounded without an expiration plugin.
 * The `/assets/` route then answers precache first, this cache second, then the network.
 */

/** Name of the cache that holds the previous version's `/assets/*` files. */
export const PREVIOUS_ASSETS_CACHE = "dashboard-previous-assets";

/** Workbox's revision query parameter, stripped so the copy is keyed by the plain asset URL. */
const REVISION_PARAM = "__WB_REVISION__";

/**
 * Copies every `/assets/` entry of `precacheName` into {@link PREVIOUS_ASSETS_CACHE} (recreated
 * empty first). Returns how many entries were copied. Never rejects (logs and returns 0 on failure:
 * an update must not fail because of this).
 */
export async function keepPreviousAssets(caches: CacheStorage, precacheName: string): Promise<number> {
  try {
    if (!(await caches.has(precacheName))) return 0;
    const precache = await caches.open(precacheName);
    const requests = await precache.keys();
    const copies: Array<[string, Response]> = [];
    for (const request of requests) {
      const url = new URL(request.url);
      if (!url.pathname.startsWith("/assets/")) continue;
      const response = await precache.match(request);
      url.searchParams.delete(REVISION_PARAM);
      if (response) copies.push([url.href, response]);
    }
    await caches.delete(PREVIOUS_ASSETS_CACHE);
    const previous = await caches.open(PREVIOUS_ASSETS_CACHE);
    await Promise.all(copies.map(([url, response]) => previous.put(url, response)));
    return copies.length;
  } catch (error) {
    console.warn("[sw] could not keep the previous version's assets", error);
    return 0;
  }
}

/** The previous version's copy of `url`, if kept. */
export async function matchPreviousAsset(caches: CacheStorage, url: string): Promise<Response | undefined> {
  const previous = await caches.open(PREVIOUS_ASSETS_CACHE);
  return previous.match(url);
}
