import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DAY_CHECK_MS, currentDayAtom, dayChange, dayKey } from "./day";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2026, 10, 22, 23, 59, 50));
});
afterEach(() => vi.useRealTimers());

describe("day change (spec §9: checked every 5000 ms)", () => {
  it("says nothing within a day and the new day after midnight", () => {
    expect(dayChange("2026-11-22", new Date(2026, 10, 22, 0, 0).getTime())).toBeNull();
    expect(dayChange("2026-11-22", new Date(2026, 10, 22, 23, 59, 59).getTime())).toBeNull();
    expect(dayChange("2026-11-22", new Date(2026, 10, 23, 0, 0, 0).getTime())).toBe("2026-11-23");
    expect(dayKey(new Date(2027, 0, 1).getTime())).toBe("2027-01-01");
  });

  it("updates the current day within 5 s of midnight, once, and not before", () => {
    expect(DAY_CHECK_MS).toBe(5000);
    const store = createStore();
    const seen: string[] = [];
    const unsubscribe = store.sub(currentDayAtom, () => seen.push(store.get(currentDayAtom)));
    expect(store.get(currentDayAtom)).toBe("2026-11-22");
    vi.advanceTimersByTime(5000); // 23:59:55
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(5000); // 00:00:00
    expect(seen).toEqual(["2026-11-23"]);
    vi.advanceTimersByTime(60_000);
    expect(seen).toEqual(["2026-11-23"]);
    unsubscribe();
  });
});
