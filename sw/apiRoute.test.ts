// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { DashboardDb } from "../src/shared/db";
import { apiBasesFromSearch, DEFAULT_API_BASES, serviceWorkerUrl } from "../src/shared/apiBases";
import { handleApiGet, isCacheableApiGet, navigationDenylist, type ApiGetDeps } from "./apiRoute";

const ORIGIN = "http://127.0.0.1:8080";
const dbs: DashboardDb[] = [];
afterEach(() => dbs.splice(0).forEach((db) => db.close()));

function setup(fetchImpl: ApiGetDeps["fetch"], nowMs = 1_700_000_000_000) {
  const db = new DashboardDb("dashboard", { indexedDB: new IDBFactory(), IDBKeyRange });
  dbs.push(db);
  const pending: Array<Promise<unknown>> = [];
  const deps: ApiGetDeps = { db, fetch: fetchImpl, now: () => nowMs, waitUntil: (p) => pending.push(p), timeoutMs: 50 };
  const settle = () => Promise.all(pending.splice(0));
  return { db, deps, settle };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8" } });
const get = (path: string) => new Request(`${ORIGIN}${path}`);
const networkDown = () => Promise.reject(new TypeError("Failed to fetch"));

describe("isCacheableApiGet", () => {
  it.each([
    ["GET", "/api/v2/config/sensors", true],
    ["GET", "/api/v1/config", true],
    ["GET", "/api/auth/v1/preferences", true],
    ["GET", "/api/auth/v1/session/all", false],
    ["POST", "/api/v2/config/sensors", false],
    ["PATCH", "/api/auth/v1/preferences", false],
    ["DELETE", "/api/auth/v1/session", false],
    ["GET", "/api/cameras/v1/live/mjpeg/zoom", false],
    ["GET", "/api/cameras/v1/live/snapshot/zoom", false],
    ["GET", "/api/cameras/v5/cameras", true],
    ["GET", "/assets/index-abc.js", false],
  ])("%s %s -> %s", (method, path, expected) => {
    expect(isCacheableApiGet(new URL(`${ORIGIN}${path}`), method, ORIGIN)).toBe(expected);
  });

  it("follows configured bases instead of /api/ (DESIGN §2: one build serves any deployment)", () => {
    const bases = { ...DEFAULT_API_BASES, auth: "/hub/auth", general: "/hub/v2", cameras: "https://cams.example/api" };
    const cacheable = (href: string, method = "GET") => isCacheableApiGet(new URL(href), method, ORIGIN, bases);
    expect(cacheable(`${ORIGIN}/hub/v2/config`)).toBe(true);
    expect(cacheable(`${ORIGIN}/hub/auth/preferences`)).toBe(true);
    expect(cacheable(`${ORIGIN}/hub/auth/session/all`)).toBe(false);
    expect(cacheable(`${ORIGIN}/hub/v20/config`)).toBe(false);
    expect(cacheable(`${ORIGIN}/api/auth/v1/session/all`)).toBe(false);
    expect(cacheable("https://cams.example/api/cameras")).toBe(true);
    expect(cacheable(`${ORIGIN}/hub/v2/config`, "POST")).toBe(false);
  });

  it("learns the bases from its script URL, as the app registers it", () => {
    const bases = { ...DEFAULT_API_BASES, auth: "/hub/auth" };
    const script = new URL(serviceWorkerUrl("/sw.js", bases), ORIGIN);
    expect(apiBasesFromSearch(script.search)).toEqual(bases);
    expect(serviceWorkerUrl("/sw.js", DEFAULT_API_BASES)).toBe("/sw.js");
    expect(apiBasesFromSearch("?apiBases=%7Bnot-json")).toEqual(DEFAULT_API_BASES);
    expect(
      apiBasesFromSearch(`?apiBases=${encodeURIComponent(JSON.stringify({ auth: "javascript:x", general: "/g/" }))}`),
    ).toEqual({
      ...DEFAULT_API_BASES,
      general: "/g",
    });
  });

  it("keeps navigations under a configured base away from index.html", () => {
    const denied = (path: string) =>
      navigationDenylist({ ...DEFAULT_API_BASES, general: "/hub/v2" }).some((re) => re.test(path));
    expect(denied("/hub/v2/config")).toBe(true);
    expect(denied("/api/v2/config")).toBe(true);
    expect(denied("/mqtt")).toBe(true);
    expect(denied("/switches")).toBe(false);
  });

  it("lets the hub answer its onboarding page and CA downloads, not index.html", () => {
    const denied = (path: string) => navigationDenylist().some((re) => re.test(path));
    // workbox matches the pathname with the query string
    for (const path of ["/ca", "/ca.crt", "/ca.crt?format=pem", "/ca.mobileconfig"]) expect(denied(path)).toBe(true);
    expect(denied("/cameras")).toBe(false);
    expect(denied("/calendar")).toBe(false);
    expect(denied("/car")).toBe(false);
  });

  it("leaves other origins alone", () => {
    expect(isCacheableApiGet(new URL("http://127.0.0.2/api/v2/config"), "GET", ORIGIN)).toBe(false);
  });
});

describe("handleApiGet", () => {
  it("passes the network answer through and stores it", async () => {
    const online = setup(() => Promise.resolve(json({ items: [1] })));
    const response = await handleApiGet(get("/api/v2/config/sensors"), online.deps);
    await online.settle();
    expect(response.headers.get("X-Cache-Fetched-At")).toBeNull();
    expect(await response.json()).toEqual({ items: [1] });
    expect(await online.db.apiResponses.count()).toBe(1);
  });

  it("answers from the store with X-Cache-Fetched-At when the network is down", async () => {
    const t = setup(() => Promise.resolve(json({ items: [1] })));
    await handleApiGet(get("/api/v2/config/sensors"), t.deps);
    await t.settle();
    t.deps.fetch = networkDown;
    const response = await handleApiGet(get("/api/v2/config/sensors"), t.deps);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Cache-Fetched-At")).toBe(new Date(1_700_000_000_000).toISOString());
    expect(await response.json()).toEqual({ items: [1] });
  });

  it("answers 503 {code: OFFLINE} when the network is down and nothing is stored", async () => {
    const t = setup(networkDown);
    const response = await handleApiGet(get("/api/v2/config"), t.deps);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: "OFFLINE" });
  });

  it("serves the stored answer after the timeout, and stores the late network answer", async () => {
    const t = setup(() => Promise.resolve(json({ v: "old" })));
    await handleApiGet(get("/api/v2/config"), t.deps);
    await t.settle();
    let release: (r: Response) => void = () => undefined;
    t.deps.fetch = () => new Promise<Response>((resolve) => (release = resolve));
    const response = await handleApiGet(get("/api/v2/config"), t.deps);
    expect(await response.json()).toEqual({ v: "old" });
    release(json({ v: "new" }));
    await new Promise((r) => setTimeout(r, 10));
    await t.settle();
    expect(JSON.parse((await t.db.apiResponses.get(`${ORIGIN}/api/v2/config`))?.body ?? "null")).toEqual({ v: "new" });
  });

  it("waits for a slow network when nothing is stored", async () => {
    const t = setup(() => new Promise((resolve) => setTimeout(() => resolve(json({ slow: true })), 120)));
    const response = await handleApiGet(get("/api/v2/config"), t.deps);
    expect(await response.json()).toEqual({ slow: true });
  });

  it("passes a 401 through untouched and does not replace the stored answer with it", async () => {
    const t = setup(() => Promise.resolve(json({ items: ["ok"] })));
    await handleApiGet(get("/api/v2/config/switches"), t.deps);
    await t.settle();
    t.deps.fetch = () => Promise.resolve(json({ code: "AUTH_NO_SESSION" }, 401));
    const response = await handleApiGet(get("/api/v2/config/switches"), t.deps);
    await t.settle();
    expect(response.status).toBe(401);
    expect(JSON.parse((await t.db.apiResponses.get(`${ORIGIN}/api/v2/config/switches`))?.body ?? "null")).toEqual({
      items: ["ok"],
    });
  });

  it("falls back to the stored answer when a gateway answers 502", async () => {
    const t = setup(() => Promise.resolve(json({ items: ["ok"] })));
    await handleApiGet(get("/api/v2/config/switches"), t.deps);
    await t.settle();
    t.deps.fetch = () => Promise.resolve(new Response("Bad Gateway", { status: 502 }));
    const response = await handleApiGet(get("/api/v2/config/switches"), t.deps);
    expect(response.headers.get("X-Cache-Fetched-At")).not.toBeNull();
  });

  it("does not store an answer that is not JSON", async () => {
    const t = setup(() => Promise.resolve(new Response("<html>", { headers: { "content-type": "text/html" } })));
    await handleApiGet(get("/api/v2/config"), t.deps);
    await t.settle();
    expect(await t.db.apiResponses.count()).toBe(0);
  });
});
