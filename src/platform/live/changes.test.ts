import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { markChangedTopics, takeChangedTopics } from "./changes";

describe("changed topics (what the next snapshot save reads)", () => {
  it("keeps each topic once in the order first marked, and forgets them when taken", () => {
    const store = createStore();
    markChangedTopics(store, ["a", "b"]);
    markChangedTopics(store, ["b", "c"]);
    expect([...takeChangedTopics(store)]).toEqual(["a", "b", "c"]);
    expect([...takeChangedTopics(store)]).toEqual([]);
  });

  it("keeps each store's topics apart", () => {
    const one = createStore();
    const two = createStore();
    markChangedTopics(one, ["x"]);
    expect([...takeChangedTopics(two)]).toEqual([]);
    expect([...takeChangedTopics(one)]).toEqual(["x"]);
  });
});
