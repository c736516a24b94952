import { atom, createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import type { ApiClients } from "../../lib/api/clients";
import { defineSessionResource } from "../../lib/session/resource";
import { sessionAtom } from "../auth/atoms";
import { refetchSessionData } from "./refetch";

const api = {} as ApiClients;
const answer = (data: string, fromCache: boolean) => () => Promise.resolve({ data, fromCache, fetchedAt: new Date() });

describe("refetch after an outage (issue 3) from the one list of session resources", () => {
  it("stores only answers from the hub, not from the service worker's cache, and skips those not marked for it", async () => {
    const store = createStore();
    store.set(sessionAtom, { status: "loggedIn", login: "demo" });
    const fresh = atom("old");
    const cached = atom("old");
    const bootOnly = atom("old");
    await refetchSessionData(store, api, [
      defineSessionResource({ name: "fresh", fetch: answer("new", false), atom: fresh }),
      defineSessionResource({ name: "cached", fetch: answer("new", true), atom: cached }),
      defineSessionResource({ name: "bootOnly", fetch: answer("new", false), atom: bootOnly, refetchAfterOutage: false }),
    ]);
    expect([store.get(fresh), store.get(cached), store.get(bootOnly)]).toEqual(["new", "old", "old"]);
  });

  it("does nothing unless logged in, and logs a failure instead of throwing", async () => {
    const store = createStore();
    const target = atom("old");
    const fetch = vi.fn(answer("new", false));
    await refetchSessionData(store, api, [defineSessionResource({ name: "r", fetch, atom: target })]);
    expect(fetch).not.toHaveBeenCalled();
    store.set(sessionAtom, { status: "loggedIn", login: "demo" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await refetchSessionData(store, api, [defineSessionResource({ name: "r", fetch: () => Promise.reject(new Error("down")), atom: target })]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
