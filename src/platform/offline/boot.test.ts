import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { createStore } from "jotai";
import { createApiClient } from "../../lib/api/client";
import { DashboardDb } from "../../shared/db";
import { sessionAtom } from "../auth/atoms";
import { offlineAtom } from "./atoms";
import { bootSessionOffline } from "./boot";
import { writeLocalCache } from "./localCache";

const json = (status: number, body: unknown) => () =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
const deadHub = () => Promise.reject(new TypeError("Failed to fetch"));
const client = (fetchImpl: typeof fetch) =>
  createApiClient({ baseUrl: "http://127.0.0.1:9/api/auth/v1", fetch: fetchImpl, retryDelayMs: 1 });

describe("boot-time session with offline support", () => {
  let db: DashboardDb;
  beforeEach(() => {
    db = new DashboardDb("dashboard", { indexedDB: new IDBFactory(), IDBKeyRange });
    localStorage.clear();
  });
  afterEach(() => {
    db.close();
    document.cookie = "hub_signed_in=; max-age=0";
  });

  it("a network failure keeps a known user in the app, offline", async () => {
    writeLocalCache({ login: "demo", locked: false });
    const store = createStore();
    await bootSessionOffline(store, client(deadHub), db);
    expect(store.get(sessionAtom)).toEqual({ status: "loggedIn", login: "demo", offline: true });
    expect(store.get(offlineAtom)).toBe(true);
  });

  it("a network failure with a session last seen locked shows the PIN screen", async () => {
    writeLocalCache({ login: "demo", locked: true });
    const store = createStore();
    await bootSessionOffline(store, client(deadHub), db);
    expect(store.get(sessionAtom)).toEqual({ status: "locked" });
  });

  it("only a real 401 shows the login form, even for a known user", async () => {
    writeLocalCache({ login: "demo", locked: false });
    const store = createStore();
    await bootSessionOffline(store, client(json(401, { code: "AUTH_NO_SESSION" })), db);
    expect(store.get(sessionAtom)).toEqual({ status: "loggedOut" });
  });

  it("an unknown user with the sign-in hint and no network gets the autologin error, not the app", async () => {
    document.cookie = "hub_signed_in=1";
    const store = createStore();
    await bootSessionOffline(store, client(deadHub), db);
    expect(store.get(sessionAtom).status).toBe("error");
  });

  it("a browser with nobody remembered and no sign-in hint gets the login form without a request", async () => {
    const requests: string[] = [];
    const store = createStore();
    const state = await bootSessionOffline(
      store,
      client((input) => (requests.push(String(input)), deadHub())),
      db,
    );
    expect(state).toEqual({ status: "loggedOut" });
    expect(store.get(sessionAtom)).toEqual({ status: "loggedOut" });
    expect(requests).toEqual([]);
  });

  it("the sign-in hint alone (a user not remembered here) is validated with the hub", async () => {
    document.cookie = "hub_signed_in=1";
    const store = createStore();
    await bootSessionOffline(store, client(json(200, { item: { login: "demo" } })), db);
    expect(store.get(sessionAtom)).toEqual({ status: "loggedIn", login: "demo" });
  });
});

describe("boot-time session when the hub is silent", () => {
  it("lets a known user in offline after the wait, then adopts the hub's late answer", async () => {
    const db = new DashboardDb("dashboard", { indexedDB: new IDBFactory(), IDBKeyRange });
    localStorage.clear();
    writeLocalCache({ login: "demo", locked: false });
    let answer: (response: Response) => void = () => undefined;
    const silent = () => new Promise<Response>((resolve) => (answer = resolve));
    const store = createStore();
    const state = await bootSessionOffline(store, client(silent), db, { offlineAfterMs: 50 });
    expect(state).toEqual({ status: "loggedIn", login: "demo", offline: true });
    expect(store.get(offlineAtom)).toBe(true);
    answer(
      new Response(JSON.stringify({ code: "AUTH_SESSION_LOCKED" }), {
        status: 403,
        headers: { "content-type": "application/json" },
      }),
    );
    await vi.waitFor(() => expect(store.get(sessionAtom)).toEqual({ status: "locked" }));
    db.close();
  });
});
