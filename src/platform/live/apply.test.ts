import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { applyLiveBatch } from "./apply";
import { lastLiveUpdateAtAtom, liveTopicsAtom, liveValueAtom, type LiveValue } from "./atoms";

const batch = (entries: Record<string, LiveValue>) => new Map(Object.entries(entries));

describe("applyLiveBatch (DESIGN §4: one message re-renders exactly the tiles that read it)", () => {
  it("updates exactly the topic's atom; the others keep their identity and notify no one", () => {
    const store = createStore();
    applyLiveBatch(
      store,
      batch({
        "apply-test/temp/balcony": { value: { value: 1 }, receivedAt: 1 },
        "apply-test/temp/outside": { value: { value: 2 }, receivedAt: 1 },
      }),
    );
    const outsideBefore = store.get(liveValueAtom("apply-test/temp/outside"));
    let balconyNotified = 0;
    let outsideNotified = 0;
    store.sub(liveValueAtom("apply-test/temp/balcony"), () => balconyNotified++);
    store.sub(liveValueAtom("apply-test/temp/outside"), () => outsideNotified++);

    applyLiveBatch(store, batch({ "apply-test/temp/balcony": { value: { value: 3 }, receivedAt: 2 } }));

    expect(store.get(liveValueAtom("apply-test/temp/balcony"))).toEqual({ value: { value: 3 }, receivedAt: 2 });
    expect(store.get(liveValueAtom("apply-test/temp/outside"))).toBe(outsideBefore);
    expect(balconyNotified).toBe(1);
    expect(outsideNotified).toBe(0);
  });

  it("gives the same atom for the same topic", () => {
    expect(liveValueAtom("a/b")).toBe(liveValueAtom("a/b"));
    expect(liveValueAtom("a/b")).not.toBe(liveValueAtom("a/c"));
  });

  it("publishes a new topic set only when a topic is new", () => {
    const store = createStore();
    applyLiveBatch(store, batch({ "topics-test/a": { value: 1, receivedAt: 1 } }));
    const first = store.get(liveTopicsAtom);
    expect([...first]).toEqual(["topics-test/a"]);
    applyLiveBatch(store, batch({ "topics-test/a": { value: 2, receivedAt: 2 } }));
    expect(store.get(liveTopicsAtom)).toBe(first);
    applyLiveBatch(store, batch({ "topics-test/b": { value: 1, receivedAt: 3 } }));
    expect([...store.get(liveTopicsAtom)]).toEqual(["topics-test/a", "topics-test/b"]);
  });

  it("does not notify when the very same value arrives with the same time", () => {
    const store = createStore();
    const value = { state: "ON" };
    applyLiveBatch(store, batch({ "same-test/p": { value, receivedAt: 5 } }));
    let notified = 0;
    store.sub(liveValueAtom("same-test/p"), () => notified++);
    applyLiveBatch(store, batch({ "same-test/p": { value, receivedAt: 5 } }));
    expect(notified).toBe(0);
  });

  it("remembers when the newest value arrived (the offline notice's last update), never going back", () => {
    const store = createStore();
    expect(store.get(lastLiveUpdateAtAtom)).toBeNull();
    applyLiveBatch(
      store,
      batch({ "last-test/a": { value: 1, receivedAt: 1000 }, "last-test/b": { value: 1, receivedAt: 3000 } }),
    );
    expect(store.get(lastLiveUpdateAtAtom)).toBe(3000);
    applyLiveBatch(store, batch({ "last-test/a": { value: 2, receivedAt: 2000 } }));
    expect(store.get(lastLiveUpdateAtAtom)).toBe(3000);
  });
});
