import { describe, expect, it } from "vitest";
import { earliest, instantOf, nextOccurrence, wallTimeOf } from "./schedule";

const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());

describe("time triggers in Europe/Warsaw (DST-safe)", () => {
  it("a winter and a summer day: 07:30 local is 06:30Z and 05:30Z", () => {
    expect(iso(instantOf(2026, 1, 15, 7, 30))).toBe("2026-01-15T06:30:00.000Z");
    expect(iso(instantOf(2026, 7, 15, 7, 30))).toBe("2026-07-15T05:30:00.000Z");
    expect(wallTimeOf(Date.parse("2026-07-15T05:30:00Z"))).toMatchObject({ hour: 7, minute: 30, weekday: 3 });
  });

  it("the next occurrence today, tomorrow, or on the next chosen weekday only", () => {
    const trigger = { time: "07:30", days: [1, 2, 3, 4, 5] as const };
    // Wed 2026-01-14 06:00 local -> today 07:30
    expect(iso(nextOccurrence({ ...trigger, days: [...trigger.days] }, Date.parse("2026-01-14T05:00:00Z")))).toBe(
      "2026-01-14T06:30:00.000Z",
    );
    // exactly at the time: strictly after, so next weekday
    expect(iso(nextOccurrence({ ...trigger, days: [...trigger.days] }, Date.parse("2026-01-14T06:30:00Z")))).toBe(
      "2026-01-15T06:30:00.000Z",
    );
    // Fri after 07:30 -> Monday
    expect(iso(nextOccurrence({ ...trigger, days: [...trigger.days] }, Date.parse("2026-01-16T07:00:00Z")))).toBe(
      "2026-01-19T06:30:00.000Z",
    );
    // Sunday only
    expect(iso(nextOccurrence({ time: "22:00", days: [7] }, Date.parse("2026-01-14T05:00:00Z")))).toBe(
      "2026-01-18T21:00:00.000Z",
    );
    expect(nextOccurrence({ time: "22:00", days: [] }, 0)).toBeNull();
  });

  it("late evening in Warsaw is already the next day: the local weekday counts, not UTC's", () => {
    // Mon 2026-01-12 23:30 local = 22:30Z Monday; a Tuesday 00:15 trigger fires 45 minutes later
    expect(iso(nextOccurrence({ time: "00:15", days: [2] }, Date.parse("2026-01-12T22:30:00Z")))).toBe(
      "2026-01-12T23:15:00.000Z",
    );
  });

  it("spring forward (Sun 2026-03-29, 02:00 -> 03:00): 02:30 runs at 03:30 that day, 07:00 keeps the wall clock", () => {
    const night = Date.parse("2026-03-28T23:00:00Z"); // 00:00 local
    expect(iso(nextOccurrence({ time: "02:30", days: [7] }, night))).toBe("2026-03-29T01:30:00.000Z");
    expect(wallTimeOf(Date.parse("2026-03-29T01:30:00Z"))).toMatchObject({ hour: 3, minute: 30 });
    expect(iso(nextOccurrence({ time: "07:00", days: [6, 7] }, night))).toBe("2026-03-29T05:00:00.000Z");
    // every day at 01:59 and 03:00 just around the gap
    expect(iso(nextOccurrence({ time: "01:59", days: [7] }, night))).toBe("2026-03-29T00:59:00.000Z");
    expect(iso(nextOccurrence({ time: "03:00", days: [7] }, night))).toBe("2026-03-29T01:00:00.000Z");
  });

  it("fall back (Sun 2026-10-25, 03:00 -> 02:00): 02:30 runs once, at its first occurrence; after it, next week", () => {
    const night = Date.parse("2026-10-24T22:00:00Z"); // 00:00 local (CEST)
    const first = nextOccurrence({ time: "02:30", days: [7] }, night);
    expect(iso(first)).toBe("2026-10-25T00:30:00.000Z");
    // the repeated 02:30 (01:30Z) is not a second run
    expect(iso(nextOccurrence({ time: "02:30", days: [7] }, first ?? 0))).toBe("2026-11-01T01:30:00.000Z");
    expect(iso(nextOccurrence({ time: "08:00", days: [7] }, night))).toBe("2026-10-25T07:00:00.000Z");
  });
});

describe("the schedule's next wake-up", () => {
  it("earliest() finds the first of 200,000 next occurrences, where spreading them into Math.min throws", () => {
    const base = Date.parse("2026-11-27T00:00:00Z");
    const values = Array.from({ length: 200_000 }, (_, index) => base + ((index * 7_919) % 200_000) * 60_000);
    expect(() => Math.min(...values)).toThrow(RangeError);
    expect(earliest(values)).toBe(base);
    expect(earliest(new Map(values.map((value, index) => [String(index), value])).values())).toBe(base);
    expect(earliest([])).toBeUndefined();
  });
});
