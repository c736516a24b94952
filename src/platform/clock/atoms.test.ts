import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLOCK_TICK_MS, nowAtom } from "./atoms";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 10, 20, 12, 0, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("nowAtom (spec §9: one app-wide clock ticking every 1000 ms)", () => {
  it("ticks once a second while something reads it", () => {
    expect(CLOCK_TICK_MS).toBe(1000);
    const store = createStore();
    const seen: number[] = [];
    const unsubscribe = store.sub(nowAtom, () => seen.push(store.get(nowAtom)));
    const start = store.get(nowAtom);
    expect(start).toBe(Date.UTC(2026, 10, 20, 12, 0, 0)); // refreshed on mount, not the import-time value
    seen.length = 0;
    vi.advanceTimersByTime(3000);
    expect(seen).toEqual([start + 1000, start + 2000, start + 3000]);
    unsubscribe();
  });

  it("stops its timer when nothing reads it any more", () => {
    const store = createStore();
    const unsubscribe = store.sub(nowAtom, () => undefined);
    expect(vi.getTimerCount()).toBe(1);
    unsubscribe();
    expect(vi.getTimerCount()).toBe(0);
  });
});
