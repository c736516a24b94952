import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { nowAtom } from "../../platform/clock/atoms";
import { liveValueAtom } from "../../platform/live/atoms";
import { lowestOutdoorAtom, sensorFreshnessAtom, sensorReadingAtom } from "./atoms";

const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("sensor atoms (spec §9, DESIGN §3-4)", () => {
  it("reads a validated reading from its live leaf", () => {
    const store = createStore();
    store.set(liveValueAtom("sensor/humid/bathroom"), { value: { value: 61.5, time: iso(T0 - 2000) }, receivedAt: T0 });
    expect(store.get(sensorReadingAtom("humid", "bathroom"))).toEqual({ value: 61.5, time: T0 - 2000, receivedAt: T0 });
  });

  it("is null before the first reading and for a malformed payload", () => {
    const store = createStore();
    expect(store.get(sensorReadingAtom("pressure", "hall"))).toBeNull();
    store.set(liveValueAtom("sensor/pressure/hall"), { value: "1013", receivedAt: T0 });
    expect(store.get(sensorReadingAtom("pressure", "hall"))).toBeNull();
    store.set(liveValueAtom("sensor/pressure/hall"), { value: { value: 1013, time: "yesterday" }, receivedAt: T0 });
    expect(store.get(sensorReadingAtom("pressure", "hall"))).toBeNull();
  });

  it("turns outdated after a minute and stale after five, driven by the one clock", () => {
    const store = createStore();
    store.set(liveValueAtom("sensor/temp/kitchen"), { value: { value: 21, time: iso(T0) }, receivedAt: T0 });
    const freshness = sensorFreshnessAtom("temp", "kitchen");
    const unsubscribe = store.sub(freshness, () => undefined);
    expect(store.get(freshness)).toBe("fresh");
    vi.advanceTimersByTime(60_000);
    expect(store.get(freshness)).toBe("outdated");
    vi.advanceTimersByTime(240_000);
    expect(store.get(freshness)).toBe("stale");
    unsubscribe();
  });

  it("counts a retained reading's age from its own time, not from its arrival", () => {
    const store = createStore();
    store.set(liveValueAtom("sensor/temp/garage"), { value: { value: 8, time: iso(T0 - 3_600_000) }, receivedAt: T0 });
    expect(store.get(sensorFreshnessAtom("temp", "garage"))).toBe("stale");
  });

  it("has no freshness without a reading", () => {
    expect(createStore().get(sensorFreshnessAtom("door", "front"))).toBeNull();
  });

  it("derives the lowest recent outdoor temperature from the live leaves", () => {
    const store = createStore();
    const unsubscribe = store.sub(lowestOutdoorAtom, () => undefined);
    expect(store.get(lowestOutdoorAtom)).toBeNull();
    store.set(liveValueAtom("sensor/temp/balcony"), { value: { value: 1.2, time: iso(T0) }, receivedAt: T0 });
    store.set(liveValueAtom("sensor/temp/tunnel"), {
      value: { value: -0.4, time: iso(T0 - 20 * 60_000) },
      receivedAt: T0,
    });
    store.set(liveValueAtom("sensor/temp/kitchen"), { value: { value: -30, time: iso(T0) }, receivedAt: T0 });
    expect(store.get(lowestOutdoorAtom)).toBe(-0.4);
    vi.advanceTimersByTime(11 * 60_000);
    expect(store.get(nowAtom)).toBe(T0 + 11 * 60_000);
    expect(store.get(lowestOutdoorAtom)).toBe(1.2);
    unsubscribe();
  });
});
