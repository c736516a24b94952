import { atom, createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { defineSessionResource } from "../../lib/session/resource";
import { settledResourcesAtom } from "./atoms";
import { createSessionLoader } from "./loader";

const target = atom<string | null>(null);
const preferences = defineSessionResource({
  name: "preferences",
  fetch: () => Promise.reject(new Error("not fetched here")),
  atom: target,
});
const config = defineSessionResource({
  name: "config",
  fetch: () => Promise.reject(new Error("not fetched here")),
  atom: target,
});
const answer = (data: string, fromCache: boolean) => ({ data, fromCache, fetchedAt: new Date() });

describe("session loader: which resources the hub has settled in this session", () => {
  it("a cached answer is written but does not settle its resource; the hub's answer does", () => {
    const store = createStore();
    const loader = createSessionLoader(store);
    loader.loaded(preferences, answer("cached", true));
    expect(store.get(target)).toBe("cached");
    expect(store.get(settledResourcesAtom)).toEqual([]);
    loader.loaded(preferences, answer("hub", false));
    expect(store.get(target)).toBe("hub");
    expect(store.get(settledResourcesAtom)).toEqual(["preferences"]);
  });

  it("a failed fetch settles its resource too (what is cached is all there is), and stopping the session forgets both", () => {
    const store = createStore();
    const loader = createSessionLoader(store);
    loader.failed(config, new ApiError("offline", { kind: "network" }));
    loader.loaded(preferences, answer("hub", false));
    expect(store.get(settledResourcesAtom)).toEqual(["config", "preferences"]);
    loader.stop();
    expect(store.get(settledResourcesAtom)).toEqual([]);
  });
});
