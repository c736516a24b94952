import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { applyLiveBatch } from "./apply";
import { liveTopicsAtom, liveValueAtom } from "./atoms";
import { readLiveSnapshot, restoreLiveSnapshot } from "./snapshot";
import { MAX_FOREIGN_TOPICS, MAX_LIVE_TOPICS, MAX_TOPICS_PER_ROOT } from "../../lib/mqtt/ingest";

describe("live snapshot (DESIGN §5: restored data shows as stale until live data replaces it)", () => {
  it("round-trips every known leaf with its original arrival time", () => {
    const source = createStore();
    applyLiveBatch(
      source,
      new Map([
        ["snap/temp/balcony", { value: { value: -1, time: "2026-11-20T10:00:00Z" }, receivedAt: 1_000 }],
        ["snap/lwt", { value: "Online", receivedAt: 2_000 }],
      ]),
    );
    const entries = readLiveSnapshot(source);
    expect(entries).toEqual([
      { topic: "snap/temp/balcony", value: { value: -1, time: "2026-11-20T10:00:00Z" }, receivedAt: 1_000 },
      { topic: "snap/lwt", value: "Online", receivedAt: 2_000 },
    ]);

    const target = createStore();
    expect(restoreLiveSnapshot(target, entries)).toBe(2);
    expect(target.get(liveValueAtom("snap/lwt"))).toEqual({ value: "Online", receivedAt: 2_000 });
    expect(target.get(liveTopicsAtom).has("snap/temp/balcony")).toBe(true);
  });

  it("skips malformed entries and hostile topics", () => {
    const store = createStore();
    const restored = restoreLiveSnapshot(store, [
      null,
      "text",
      { topic: "snap2/ok", value: 1 },
      { topic: "__proto__/x", value: 1, receivedAt: 1 },
      { topic: "snap2/good", value: 1, receivedAt: 1 },
    ]);
    expect(restored).toBe(1);
    expect([...store.get(liveTopicsAtom)]).toEqual(["snap2/good"]);
  });

  it("never overwrites a leaf that live data already made newer", () => {
    const store = createStore();
    applyLiveBatch(store, new Map([["snap3/a", { value: "live", receivedAt: 9_000 }]]));
    expect(restoreLiveSnapshot(store, [{ topic: "snap3/a", value: "old", receivedAt: 1_000 }])).toBe(0);
    expect(store.get(liveValueAtom("snap3/a"))?.value).toBe("live");
  });

  it("restores no more topics than the live topic cap, each share within its own limit", () => {
    const store = createStore();
    const entries = [
      ...Array.from({ length: 2 * MAX_FOREIGN_TOPICS }, (_, i) => ({
        topic: `snap4/tele/d${i}/STATE`,
        value: 1,
        receivedAt: 1,
      })),
      ...Array.from({ length: MAX_LIVE_TOPICS }, (_, i) => ({
        topic: `sensor/temp/snap4_${i}`,
        value: 1,
        receivedAt: 1,
      })),
    ];
    expect(restoreLiveSnapshot(store, entries)).toBe(MAX_FOREIGN_TOPICS + MAX_TOPICS_PER_ROOT);
    const topics = [...store.get(liveTopicsAtom)];
    expect(topics.filter((t) => t.startsWith("snap4/"))).toHaveLength(MAX_FOREIGN_TOPICS);
  });
});
