import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { applyLiveBatch } from "./apply";
import { liveChildrenAtom, liveTopicsAtom } from "./atoms";

const batch = (topics: string[], receivedAt = 1) =>
  new Map(topics.map((topic) => [topic, { value: topic, receivedAt }]));

describe("new topics (recorded in O(new topics), never a copy of every topic held)", () => {
  it("keeps every topic once, in the order first seen, across batches", () => {
    const store = createStore();
    applyLiveBatch(store, batch(["nt/a/1", "nt/a/2"]));
    applyLiveBatch(store, batch(["nt/a/2", "nt/b/1"], 2));
    applyLiveBatch(store, batch(["nt/a/3"], 3));
    expect([...store.get(liveTopicsAtom)]).toEqual(["nt/a/1", "nt/a/2", "nt/b/1", "nt/a/3"]);
    expect(store.get(liveChildrenAtom("nt/a"))).toEqual(["1", "2", "3"]);
    expect(store.get(liveChildrenAtom("nt/b"))).toEqual(["1"]);
  });

  it("gives each store its own topics: one store's topics never show in another's", () => {
    const first = createStore();
    const second = createStore();
    applyLiveBatch(first, batch(["nt2/x"]));
    applyLiveBatch(first, batch(["nt2/y"]));
    applyLiveBatch(second, batch(["nt2/z"]));
    expect([...first.get(liveTopicsAtom)]).toEqual(["nt2/x", "nt2/y"]);
    expect([...second.get(liveTopicsAtom)]).toEqual(["nt2/z"]);
    expect([...createStore().get(liveTopicsAtom)]).toEqual([]);
  });

  it("gives a parent a new children array only when a child is new under it (its readers re-render then only)", () => {
    const store = createStore();
    applyLiveBatch(store, batch(["nt3/lamp/POWER1"]));
    const before = store.get(liveChildrenAtom("nt3/lamp"));
    let notified = 0;
    store.sub(liveChildrenAtom("nt3/lamp"), () => notified++);
    applyLiveBatch(store, batch(["nt3/lamp/POWER1", "nt3/other/POWER1"], 2));
    expect(store.get(liveChildrenAtom("nt3/lamp"))).toBe(before);
    applyLiveBatch(store, batch(["nt3/lamp/POWER2"], 3));
    expect(store.get(liveChildrenAtom("nt3/lamp"))).toEqual(["POWER1", "POWER2"]);
    expect(notified).toBe(1);
  });
});
