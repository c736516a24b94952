// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { createStore } from "jotai";
import { cachedDataFetchedAtAtom, offlineAtom, refusedWriteAtom, serverReachableAtom } from "./atoms";
import { OfflineWriteError, trackConnectivity } from "./connectivity";
import { guardWrite, isOfflineWriteError } from "./guard";

const URL_ = "http://127.0.0.1:9/api/v2/config";
const ok = (headers: Record<string, string> = {}) =>
  new Response("{}", { status: 200, headers: { "content-type": "application/json", ...headers } });

describe("connectivity tracking", () => {
  it("a network failure marks the hub unreachable; the next real answer marks it reachable", async () => {
    const store = createStore();
    const fail = trackConnectivity(store, () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(fail(URL_)).rejects.toThrow(TypeError);
    expect(store.get(offlineAtom)).toBe(true);
    const good = trackConnectivity(store, () => Promise.resolve(ok()));
    await good(URL_);
    expect(store.get(offlineAtom)).toBe(false);
  });

  it("an answer from the service worker cache marks offline and keeps its fetch time", async () => {
    const store = createStore();
    const cached = trackConnectivity(store, () =>
      Promise.resolve(ok({ "X-Cache-Fetched-At": "2026-11-20T10:00:00.000Z" })),
    );
    await cached(URL_);
    expect(store.get(serverReachableAtom)).toBe(false);
    expect(store.get(cachedDataFetchedAtAtom)).toBe(Date.parse("2026-11-20T10:00:00.000Z"));
  });

  it("the service worker's 503 OFFLINE answer marks offline; a hub 401 or 500 does not", async () => {
    const store = createStore();
    await trackConnectivity(store, () => Promise.resolve(new Response('{"code":"OFFLINE"}', { status: 503 })))(URL_);
    expect(store.get(offlineAtom)).toBe(true);
    await trackConnectivity(store, () => Promise.resolve(new Response('{"code":"AUTH_NO_SESSION"}', { status: 401 })))(
      URL_,
    );
    expect(store.get(offlineAtom)).toBe(false);
    await trackConnectivity(store, () => Promise.resolve(new Response('{"code":"INTERNAL"}', { status: 500 })))(URL_);
    expect(store.get(offlineAtom)).toBe(false);
  });

  it("refuses a write while offline without calling the network, and says so", async () => {
    const store = createStore();
    store.set(serverReachableAtom, false);
    const network = vi.fn(() => Promise.resolve(ok()));
    const tracked = trackConnectivity(store, network);
    await expect(
      tracked("http://127.0.0.1:9/api/auth/v1/session/lock", { method: "POST", body: "{}" }),
    ).rejects.toBeInstanceOf(OfflineWriteError);
    expect(network).not.toHaveBeenCalled();
    expect(store.get(refusedWriteAtom)).toMatchObject({ method: "POST", path: "/api/auth/v1/session/lock" });
  });

  it("still lets reads through while offline (the service worker may answer them)", async () => {
    const store = createStore();
    store.set(serverReachableAtom, false);
    const network = vi.fn(() => Promise.resolve(ok({ "X-Cache-Fetched-At": "2026-11-20T10:00:00.000Z" })));
    await trackConnectivity(store, network)(URL_);
    expect(network).toHaveBeenCalledTimes(1);
  });

  it("lets POST /session/validate through while offline (it only reads the session)", async () => {
    const store = createStore();
    store.set(serverReachableAtom, false);
    const network = vi.fn(() => Promise.resolve(ok()));
    await trackConnectivity(store, network)("http://127.0.0.1:9/api/auth/v1/session/validate", {
      method: "POST",
      body: "{}",
    });
    expect(network).toHaveBeenCalledTimes(1);
  });
});

describe("guardWrite", () => {
  it("runs the action while online", async () => {
    const store = createStore();
    await expect(
      guardWrite(store, { method: "POST", path: "/garage/open" }, () => Promise.resolve("sent")),
    ).resolves.toBe("sent");
  });

  it("offline: does not run the action, rejects with a recognisable error and records the refusal", async () => {
    const store = createStore();
    store.set(serverReachableAtom, false);
    const action = vi.fn(() => Promise.resolve("sent"));
    const error: unknown = await guardWrite(store, { method: "POST", path: "/garage/open" }, action).catch(
      (e: unknown) => e,
    );
    expect(action).not.toHaveBeenCalled();
    expect(isOfflineWriteError(error)).toBe(true);
    expect(store.get(refusedWriteAtom)?.path).toBe("/garage/open");
  });
});
