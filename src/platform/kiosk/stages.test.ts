import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ScreenState, Screensaver } from "../../../contract/panels";
import { createScreenStages, isNight, stageFor, stagesAt } from "./stages";

const SCREENSAVER: Screensaver = {
  enabled: true,
  day: { screensaverAfterS: 10, dimAfterS: 20, blackAfterS: 30 },
  night: { from: "22:00", to: "06:00", stages: { screensaverAfterS: 5, dimAfterS: 0, blackAfterS: 15 } },
  dimBrightness: 0.2,
};

describe("night schedule (Europe/Warsaw)", () => {
  it("crosses midnight: 22:00 is night, 05:59 is night, 06:00 is day (CET, UTC+1 in November)", () => {
    const night = { from: "22:00", to: "06:00" };
    expect(isNight(Date.parse("2026-11-27T20:59:00Z"), night)).toBe(false); // 21:59
    expect(isNight(Date.parse("2026-11-27T21:00:00Z"), night)).toBe(true); // 22:00
    expect(isNight(Date.parse("2026-11-27T23:30:00Z"), night)).toBe(true); // 00:30
    expect(isNight(Date.parse("2026-11-28T04:59:00Z"), night)).toBe(true); // 05:59
    expect(isNight(Date.parse("2026-11-28T05:00:00Z"), night)).toBe(false); // 06:00
  });

  it("follows the wall clock on both DST days (29 March and 25 October 2026)", () => {
    const night = { from: "22:00", to: "06:00" };
    // Spring forward: 02:00 CET becomes 03:00 CEST; 06:00 CEST is 04:00 UTC.
    expect(isNight(Date.parse("2026-03-29T03:59:00Z"), night)).toBe(true);
    expect(isNight(Date.parse("2026-03-29T04:00:00Z"), night)).toBe(false);
    // Fall back: 03:00 CEST becomes 02:00 CET; 06:00 CET is 05:00 UTC.
    expect(isNight(Date.parse("2026-10-25T04:59:00Z"), night)).toBe(true);
    expect(isNight(Date.parse("2026-10-25T05:00:00Z"), night)).toBe(false);
    // Summer evening: 22:00 CEST is 20:00 UTC.
    expect(isNight(Date.parse("2026-07-01T19:59:00Z"), night)).toBe(false);
    expect(isNight(Date.parse("2026-07-01T20:00:00Z"), night)).toBe(true);
  });

  it("a night within one day, and from equal to to is no night", () => {
    expect(isNight(Date.parse("2026-11-27T12:30:00Z"), { from: "13:00", to: "15:00" })).toBe(true); // 13:30
    expect(isNight(Date.parse("2026-11-27T14:00:00Z"), { from: "13:00", to: "15:00" })).toBe(false); // 15:00
    expect(isNight(Date.parse("2026-11-27T12:30:00Z"), { from: "13:30", to: "13:30" })).toBe(false);
  });

  it("uses the night's stages at night and the day's by day", () => {
    expect(stagesAt(SCREENSAVER, Date.parse("2026-11-27T22:00:00Z"))).toBe(SCREENSAVER.night?.stages);
    expect(stagesAt(SCREENSAVER, Date.parse("2026-11-27T12:00:00Z"))).toBe(SCREENSAVER.day);
    expect(stagesAt({ ...SCREENSAVER, night: undefined }, Date.parse("2026-11-27T22:00:00Z"))).toBe(SCREENSAVER.day);
  });
});

describe("stage for an idle time", () => {
  it("goes screensaver, dim, black; 0 skips a stage", () => {
    const day = SCREENSAVER.day;
    expect(stageFor(day, 9_999)).toBe("awake");
    expect(stageFor(day, 10_000)).toBe("screensaver");
    expect(stageFor(day, 20_000)).toBe("dim");
    expect(stageFor(day, 30_000)).toBe("black");
    const noDim = { screensaverAfterS: 5, dimAfterS: 0, blackAfterS: 15 };
    expect(stageFor(noDim, 14_000)).toBe("screensaver");
    expect(stageFor(noDim, 15_000)).toBe("black");
    expect(stageFor({ screensaverAfterS: 0, dimAfterS: 0, blackAfterS: 0 }, 1e9)).toBe("awake");
  });
});

describe("the stage machine (fake timers)", () => {
  let touchedAt = 0;
  let paused = false;
  let states: ScreenState[] = [];
  const start = (screensaver: Screensaver = SCREENSAVER) =>
    createScreenStages({
      screensaver: () => screensaver,
      lastActivity: () => touchedAt,
      paused: () => paused,
      onChange: (state) => states.push(state),
    });

  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse("2026-11-27T11:00:00Z") }); // 12:00 in Warsaw: day
    touchedAt = Date.now();
    paused = false;
    states = [];
  });
  afterEach(() => vi.useRealTimers());

  it("by day: screensaver at 10 s, dim at 20 s, black at 30 s; a touch wakes at the next check", () => {
    const stages = start();
    vi.advanceTimersByTime(9_000);
    expect(stages.state()).toBe("awake");
    vi.advanceTimersByTime(1_000);
    expect(stages.state()).toBe("screensaver");
    vi.advanceTimersByTime(10_000);
    expect(stages.state()).toBe("dim");
    vi.advanceTimersByTime(10_000);
    expect(stages.state()).toBe("black");
    touchedAt = Date.now();
    vi.advanceTimersByTime(1_000);
    expect(states).toEqual(["screensaver", "dim", "black", "awake"]);
    stages.stop();
  });

  it("across midnight at night: its own stages (screensaver at 5 s, no dim, black at 15 s), still black after 00:00", () => {
    vi.setSystemTime(Date.parse("2026-11-27T22:59:50Z")); // 23:59:50 in Warsaw
    touchedAt = Date.now();
    const stages = start();
    vi.advanceTimersByTime(5_000);
    expect(stages.state()).toBe("screensaver");
    vi.advanceTimersByTime(10_000); // 00:00:05
    expect(stages.state()).toBe("black");
    vi.advanceTimersByTime(60_000);
    expect(states).toEqual(["screensaver", "black"]);
    stages.stop();
  });

  it("on the spring-forward night the night ends at 06:00 CEST: day stages apply from then", () => {
    vi.setSystemTime(Date.parse("2026-03-29T03:59:58Z")); // 05:59:58 CEST (04:59:58 were the clock not moved)
    touchedAt = Date.now();
    const stages = start();
    vi.advanceTimersByTime(7_000); // 06:00:05: day, 7 s idle is below the day's 10 s (the night's 5 s passed)
    expect(stages.state()).toBe("awake");
    vi.advanceTimersByTime(3_000);
    expect(stages.state()).toBe("screensaver");
    stages.stop();
  });

  it("a sleeping screen never lightens by itself when the night ends (only a touch or wake does)", () => {
    vi.setSystemTime(Date.parse("2026-11-28T04:59:44Z")); // 05:59:44 in Warsaw: night
    touchedAt = Date.now();
    const stages = start();
    vi.advanceTimersByTime(15_000); // 05:59:59: the night's black
    expect(stages.state()).toBe("black");
    vi.advanceTimersByTime(10_000); // 06:00:09, day: 25 s idle would be the day's dim
    expect(stages.state()).toBe("black");
    touchedAt = Date.now();
    vi.advanceTimersByTime(1_000);
    expect(states).toEqual(["screensaver", "black", "awake"]);
    stages.stop();
  });

  it("stays awake while paused (a dialog, a camera view) and counts the idle time from the pause's end", () => {
    const stages = start();
    vi.advanceTimersByTime(12_000);
    expect(stages.state()).toBe("screensaver");
    paused = true;
    vi.advanceTimersByTime(60_000);
    expect(stages.state()).toBe("awake");
    paused = false;
    vi.advanceTimersByTime(9_000);
    expect(stages.state()).toBe("awake");
    vi.advanceTimersByTime(1_000);
    expect(stages.state()).toBe("screensaver");
    stages.stop();
  });

  it("a command holds dim or black until a touch; wake restarts the idle time", () => {
    const stages = start();
    stages.force("black");
    vi.advanceTimersByTime(5_000);
    expect(stages.state()).toBe("black");
    vi.advanceTimersByTime(1_000);
    touchedAt = Date.now();
    vi.advanceTimersByTime(1_000);
    expect(stages.state()).toBe("awake");
    stages.force("dim");
    expect(stages.state()).toBe("dim");
    stages.wake();
    vi.advanceTimersByTime(9_000);
    expect(stages.state()).toBe("awake");
    stages.stop();
  });

  it("a disabled screensaver keeps the screen awake", () => {
    const stages = start({ ...SCREENSAVER, enabled: false });
    vi.advanceTimersByTime(3_600_000);
    expect(stages.state()).toBe("awake");
    expect(states).toEqual([]);
    stages.stop();
  });
});
