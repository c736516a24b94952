import { describe, expect, it } from "vitest";
import { lowestRecentOutdoor, OUTDOOR_PLACES, RECENT_MS } from "./outdoor";

const now = Date.UTC(2026, 10, 20, 7, 0, 0);
const MINUTE = 60_000;

describe("lowestRecentOutdoor (spec §9: balcony, outside, tunnel recent for 30 minutes; the lowest)", () => {
  it("uses the spec's places and window", () => {
    expect(OUTDOOR_PLACES).toEqual(["balcony", "outside", "tunnel"]);
    expect(RECENT_MS).toBe(30 * MINUTE);
  });

  it("picks the lowest of the recent outdoor readings", () => {
    const readings = [
      { place: "balcony", value: 2.4, time: now - 1 * MINUTE },
      { place: "outside", value: -1.2, time: now - 10 * MINUTE },
      { place: "tunnel", value: 0.5, time: now - 29 * MINUTE },
    ];
    expect(lowestRecentOutdoor(readings, now)).toBe(-1.2);
  });

  it("ignores a reading older than 30 minutes, however cold", () => {
    const readings = [
      { place: "balcony", value: 2.4, time: now - 1 * MINUTE },
      { place: "outside", value: -15, time: now - 30 * MINUTE - 1 },
    ];
    expect(lowestRecentOutdoor(readings, now)).toBe(2.4);
  });

  it("counts a reading exactly 30 minutes old as recent", () => {
    expect(lowestRecentOutdoor([{ place: "tunnel", value: -3, time: now - 30 * MINUTE }], now)).toBe(-3);
  });

  it("ignores indoor places", () => {
    const readings = [
      { place: "kitchen", value: -20, time: now },
      { place: "balcony", value: 5, time: now },
    ];
    expect(lowestRecentOutdoor(readings, now)).toBe(5);
  });

  it("is null when nothing outdoor is recent", () => {
    expect(lowestRecentOutdoor([], now)).toBeNull();
    expect(lowestRecentOutdoor([{ place: "balcony", value: 1, time: now - 2 * 60 * MINUTE }], now)).toBeNull();
    expect(lowestRecentOutdoor([{ place: "balcony", value: Number.NaN, time: now }], now)).toBeNull();
  });
});
