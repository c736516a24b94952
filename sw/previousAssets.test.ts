// @vitest-environment node
import { describe, expect, it } from "vitest";
import { keepPreviousAssets, matchPreviousAsset, PREVIOUS_ASSETS_CACHE } from "./previousAssets";

/** A minimal in-memory CacheStorage (URL-keyed), enough for the copy logic. */
function fakeCaches(): CacheStorage {
  const stores = new Map<string, Map<string, Response>>();
  const open = (name: string): Promise<Cache> => {
    let entries = stores.get(name);
    if (!entries) stores.set(name, (entries = new Map()));
    const map = entries;
    const key = (r: RequestInfo | URL) => (typeof r === "string" ? r : r instanceof URL ? r.href : r.url);
    const cache: Partial<Cache> = {
      keys: () => Promise.resolve([...map.keys()].map((url) => new Request(url))),
      match: (r) => Promise.resolve(map.get(key(r))?.clone()),
      put: (r, response) => {
        map.set(key(r), response);
        return Promise.resolve();
      },
    };
    return Promise.resolve(cache as Cache);
  };
  const storage: Partial<CacheStorage> = {
    open,
    has: (name) => Promise.resolve(stores.has(name)),
    delete: (name) => Promise.resolve(stores.delete(name)),
  };
  return storage as CacheStorage;
}

const ORIGIN = "http://127.0.0.1:8080";

describe("previous version's assets", () => {
  it("copies the outgoing precache's /assets/ files (revision parameter stripped) and nothing else", async () => {
    const caches = fakeCaches();
    const precache = await caches.open("workbox-precache-v2");
    await precache.put(`${ORIGIN}/assets/weather-OLD.js`, new Response("old weather chunk"));
    await precache.put(`${ORIGIN}/index.html?__WB_REVISION__=abc`, new Response("<html>"));
    await precache.put(`${ORIGIN}/assets/index-OLD.css?__WB_REVISION__=1`, new Response("css"));
    expect(await keepPreviousAssets(caches, "workbox-precache-v2")).toBe(2);
    expect(await (await matchPreviousAsset(caches, `${ORIGIN}/assets/weather-OLD.js`))?.text()).toBe(
      "old weather chunk",
    );
    expect(await matchPreviousAsset(caches, `${ORIGIN}/assets/index-OLD.css`)).toBeDefined();
    expect(await matchPreviousAsset(caches, `${ORIGIN}/index.html`)).toBeUndefined();
  });

  it("keeps only ONE previous version: the next update replaces the copy", async () => {
    const caches = fakeCaches();
    const precache = await caches.open("p");
    await precache.put(`${ORIGIN}/assets/a-V1.js`, new Response("v1"));
    await keepPreviousAssets(caches, "p");
    await caches.delete("p");
    const next = await caches.open("p");
    await next.put(`${ORIGIN}/assets/a-V2.js`, new Response("v2"));
    await keepPreviousAssets(caches, "p");
    expect(await matchPreviousAsset(caches, `${ORIGIN}/assets/a-V1.js`)).toBeUndefined();
    expect(await matchPreviousAsset(caches, `${ORIGIN}/assets/a-V2.js`)).toBeDefined();
  });

  it("on a first install (no precache yet) copies nothing and does not fail", async () => {
    const caches = fakeCaches();
    expect(await keepPreviousAssets(caches, "missing")).toBe(0);
    expect(await caches.has(PREVIOUS_ASSETS_CACHE)).toBe(false);
  });
});
