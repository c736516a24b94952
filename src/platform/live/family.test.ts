import { createStore } from "jotai";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { applyLiveBatch } from "./apply";
import { liveFamily } from "./family";

const family = liveFamily({ pattern: "famtest/+/+", schema: v.object({ value: v.number() }) });
const publish = (store: ReturnType<typeof createStore>, topic: string, value: unknown, receivedAt = 1) =>
  applyLiveBatch(store, new Map([[topic, { value, receivedAt }]]));

describe("liveFamily (DESIGN §4a: one family per topic pattern, validated, released when unused)", () => {
  it("builds topics from the pattern and reads each one's validated payload", () => {
    const store = createStore();
    expect(family.topic("a", "b")).toBe("famtest/a/b");
    expect(() => family.topic("a")).toThrow(RangeError);
    expect(store.get(family("a", "b"))).toBeNull();
    publish(store, "famtest/a/b", { value: 3 }, 5);
    expect(store.get(family("a", "b"))).toEqual({ value: { value: 3 }, receivedAt: 5 });
    publish(store, "famtest/a/b", { value: "three" }, 6);
    expect(store.get(family("a", "b"))).toBeNull();
  });

  it("lists the last levels under a parent, new ones only", () => {
    const store = createStore();
    publish(store, "famtest/dev/x", { value: 1 });
    publish(store, "famtest/dev/y", { value: 1 });
    publish(store, "famtest/dev/x", { value: 2 });
    publish(store, "famtest/other/z", { value: 1 });
    expect(store.get(family.children("dev"))).toEqual(["x", "y"]);
  });

  it("keeps an atom while it is read and releases it when nothing reads it", () => {
    const store = createStore();
    const first = family("r", "s");
    const stop = store.sub(first, () => undefined);
    expect(family("r", "s")).toBe(first);
    stop();
    expect(family("r", "s")).not.toBe(first);
  });
});
