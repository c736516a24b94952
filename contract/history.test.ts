import { describe, expect, it } from "vitest";
import * as v from "valibot";
import {
  DAY_MS,
  DEFAULT_BUCKET_MS,
  EventsDayQuerySchema,
  HistoryItemSchema,
  MAX_BUCKETS_PER_ANSWER,
  SLOT_MS,
  WINDOW_MS,
  answerBuckets,
  bucketCount,
  bucketStart,
  dayOf,
  dayStart,
  dayWindow,
  slotTicks,
  type HistoryItem,
} from "./history";

describe("history arithmetic (spec §9: bucket 5 minutes, slot 1 hour, window 1 day plus one slot)", () => {
  it("has the spec's constants", () => {
    expect(DEFAULT_BUCKET_MS).toBe(300_000);
    expect(SLOT_MS).toBe(3_600_000);
    expect(WINDOW_MS).toBe(DAY_MS + SLOT_MS);
    expect(bucketCount()).toBe(300);
    expect(bucketCount(60_000)).toBe(1500);
  });

  it("opens a day's window one slot before local midnight and ends it at the next midnight", () => {
    const window = dayWindow("2026-11-22")!;
    expect(window.from).toBe(new Date(2026, 10, 21, 23, 0).getTime());
    expect(window.to).toBe(new Date(2026, 10, 23, 0, 0).getTime());
    expect(window.to - window.from).toBe(WINDOW_MS);
  });

  it("refuses days that do not exist", () => {
    for (const day of ["2026-02-30", "2026-13-01", "22.11.2026", "2026-1-2", ""])
      expect(dayWindow(day), day).toBeNull();
    expect(dayStart("2028-02-29")).not.toBeNull();
  });

  it("puts a time into the bucket that starts at or before it, counted from the window's start", () => {
    const origin = Date.UTC(2026, 10, 21, 23);
    expect(bucketStart(origin, origin, DEFAULT_BUCKET_MS)).toBe(origin);
    expect(bucketStart(origin + 299_999, origin, DEFAULT_BUCKET_MS)).toBe(origin);
    expect(bucketStart(origin + 300_000, origin, DEFAULT_BUCKET_MS)).toBe(origin + 300_000);
    expect(bucketStart(origin - 1, origin, DEFAULT_BUCKET_MS)).toBe(origin - 300_000);
  });

  it("gives one grid line per slot (hour) inside the window", () => {
    const from = Date.UTC(2026, 10, 21, 23);
    const ticks = slotTicks(from, from + WINDOW_MS);
    expect(ticks).toHaveLength(26);
    expect(ticks[1]! - ticks[0]!).toBe(SLOT_MS);
    expect(slotTicks(from + 1, from + SLOT_MS - 1)).toEqual([]);
  });

  it("names the local day of an instant", () => {
    expect(dayOf(new Date(2026, 0, 5, 23, 59).getTime())).toBe("2026-01-05");
  });
});

describe("the query of GET /events/day", () => {
  it("takes a single key or repeated keys (spec §7) and an optional bucket in minutes", () => {
    expect(v.parse(EventsDayQuerySchema, { day: "2026-11-22", event: "temp", device: "balcony" })).toEqual({
      day: "2026-11-22",
      event: ["temp"],
      device: ["balcony"],
    });
    expect(
      v.parse(EventsDayQuerySchema, {
        day: "2026-11-22",
        event: ["temp", "humid"],
        device: ["balcony", "outside"],
        bucket: "15",
      }),
    ).toMatchObject({ event: ["temp", "humid"], bucket: 15 });
  });

  it("refuses a bucket outside 1..60 minutes and too many series", () => {
    for (const bucket of ["0", "61", "-5", "5.5"])
      expect(v.is(EventsDayQuerySchema, { day: "2026-11-22", event: "temp", device: "balcony", bucket })).toBe(false);
    expect(
      v.is(EventsDayQuerySchema, {
        day: "2026-11-22",
        event: "temp",
        device: Array.from({ length: 17 }, (_, i) => `p${i}`),
      }),
    ).toBe(false);
  });
});

describe("the size of a day's answer", () => {
  it("counts events × devices × the window's buckets of the asked width, and the dashboard's chart is far below the limit", () => {
    expect(answerBuckets({ event: ["temp"], device: ["balcony"], bucket: undefined })).toBe(300);
    expect(answerBuckets({ event: ["temp", "humid"], device: ["a", "b", "c"], bucket: 1 })).toBe(2 * 3 * 1500);
    expect(
      answerBuckets({
        event: ["temp"],
        device: Array.from({ length: 16 }, (_, i) => `d${String(i)}`),
        bucket: undefined,
      }),
    ).toBe(MAX_BUCKETS_PER_ANSWER);
    expect(answerBuckets({ event: ["temp", "humid", "pressure"], device: ["a"], bucket: 1 })).toBeLessThanOrEqual(
      MAX_BUCKETS_PER_ANSWER,
    );
  });

  it("an answer at the limit with the longest names and numbers is at most 3.1 MB", () => {
    const worst: HistoryItem = {
      event: "pressure",
      device: "€".repeat(160),
      time: "2026-11-27T23:55:00.000Z",
      value: -1.7976931348623157e308,
      min: -2.2250738585072014e-308,
      max: -1.2345678901234567e-100,
    };
    expect(v.is(HistoryItemSchema, worst)).toBe(true);
    const bytes = new TextEncoder().encode(
      JSON.stringify({ items: Array.from({ length: MAX_BUCKETS_PER_ANSWER }, () => worst) }),
    ).length;
    expect(bytes).toBeLessThan(3.1e6);
  });
});
