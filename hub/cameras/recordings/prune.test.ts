import { describe, expect, it } from "vitest";
import { recordingsToPrune, type PruneCandidate } from "./prune";

const DAY = 24 * 60 * 60 * 1000;
const now = 100 * DAY;
const rec = (id: string, ageDays: number, bytes: number, locked = false): PruneCandidate => ({
  id,
  startedAt: now - ageDays * DAY,
  bytes,
  locked,
});

describe("recordingsToPrune", () => {
  it("deletes unlocked recordings older than the max age, never locked ones", () => {
    const chosen = recordingsToPrune([rec("old", 8, 10), rec("old-locked", 30, 10, true), rec("new", 1, 10)], now, {
      maxAgeMs: 7 * DAY,
      maxBytes: 1000,
    });
    expect(chosen).toEqual(["old"]);
  });

  it("over the size cap deletes the oldest unlocked first until the rest fits, skipping locked ones", () => {
    const recordings = [rec("a", 5, 100, true), rec("b", 4, 100), rec("c", 3, 100), rec("d", 2, 100), rec("e", 1, 100)];
    expect(recordingsToPrune(recordings, now, { maxAgeMs: 7 * DAY, maxBytes: 300 }).sort()).toEqual(["b", "c"]);
  });

  it("keeps every locked recording even when the locked ones alone are over the cap", () => {
    const recordings = [rec("a", 3, 500, true), rec("b", 2, 500, true), rec("c", 1, 10)];
    expect(recordingsToPrune(recordings, now, { maxAgeMs: 7 * DAY, maxBytes: 100 })).toEqual(["c"]);
  });

  it("deletes nothing within the limits", () => {
    expect(recordingsToPrune([rec("a", 1, 10), rec("b", 0, 10)], now, { maxAgeMs: 7 * DAY, maxBytes: 100 })).toEqual(
      [],
    );
  });
});
