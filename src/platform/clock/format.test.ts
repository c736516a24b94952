import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatClockDate, formatClockTime } from "./format";
import { clockDateAtom, clockTimeAtom } from "./labels";

describe("home screen clock (time and the date in Polish)", () => {
  it("writes the time with 24-hour hours and two-digit minutes", () => {
    expect(formatClockTime(new Date(2026, 10, 22, 14, 5).getTime(), "pl")).toBe("14:05");
    expect(formatClockTime(new Date(2026, 10, 22, 7, 5).getTime(), "pl")).toBe("7:05");
    expect(formatClockTime(new Date(2026, 10, 23, 0, 0).getTime(), "en")).toBe("0:00");
  });

  it("writes the date as weekday, day and month in Polish", () => {
    expect(formatClockDate(new Date(2026, 10, 22, 12).getTime(), "pl")).toBe("niedziela, 22 listopada");
    expect(formatClockDate(new Date(2026, 0, 5, 12).getTime(), "pl")).toBe("poniedziałek, 5 stycznia");
    expect(formatClockDate(new Date(2026, 10, 22, 12).getTime(), "en")).toBe("Sunday 22 November");
  });
});

describe("clock label atoms", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 22, 14, 5, 30));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("follow the one app clock and change only when the minute does", () => {
    const store = createStore();
    const time = clockTimeAtom("pl");
    const seen: string[] = [];
    const unsubscribe = store.sub(time, () => seen.push(store.get(time)));
    expect(store.get(time)).toBe("14:05");
    seen.length = 0; // mounting refreshes the clock from the import-time value
    expect(store.get(clockDateAtom("pl"))).toBe("niedziela, 22 listopada");
    vi.advanceTimersByTime(29_000);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual(["14:06"]);
    unsubscribe();
  });
});
