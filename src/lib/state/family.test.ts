import { atom, createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { createFamily } from "./family";

describe("createFamily (jotai-family API)", () => {
  it("gives the same atom for the same key", () => {
    const family = createFamily((key: string) => atom(key.length));
    expect(family("a")).toBe(family("a"));
    expect(family("a")).not.toBe(family("b"));
  });

  it("releases an entry when its last reader unsubscribes, and keeps it while one reads it", () => {
    const family = createFamily((key: string) => atom(() => key.toUpperCase()), { releaseWhenUnused: true });
    const store = createStore();
    const first = family("a");
    const stopOne = store.sub(first, () => undefined);
    const stopTwo = store.sub(first, () => undefined);
    stopOne();
    expect(family("a")).toBe(first);
    stopTwo();
    expect(family.keys()).toEqual([]);
    expect(family("a")).not.toBe(first);
    expect(store.get(family("a"))).toBe("A");
  });

  it("removes entries by key or by a rule", () => {
    const family = createFamily((key: number) => atom(key));
    family(1);
    family(2);
    family(3);
    family.remove(1);
    family.setShouldRemove((_createdAt, key) => key === 2);
    expect(family.keys()).toEqual([3]);
  });
});
