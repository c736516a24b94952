import { describe, expect, it } from "vitest";
import { DropLog, RateWindow } from "./bounds";

describe("bounds of the automations' output", () => {
  it("RateWindow lets `limit` through per window, the window starting at the first take after the last one ended", () => {
    let now = 1_000;
    const window = new RateWindow(3, 10_000, () => now);
    expect([window.take(), window.take(), window.take(), window.take()]).toEqual([true, true, true, false]);
    now += 9_999;
    expect(window.take()).toBe(false);
    now += 1;
    expect([window.take(), window.take(), window.take(), window.take()]).toEqual([true, true, true, false]);
  });

  it("DropLog counts every drop and writes at most one line a minute, carrying the count since the last line", () => {
    let now = 0;
    const lines: unknown[] = [];
    const drops = new DropLog(
      { info: () => undefined, warn: (obj) => void lines.push(obj), error: () => undefined, debug: () => undefined },
      "dropped",
      () => now,
    );
    drops.drop(0);
    expect(lines).toEqual([]);
    drops.drop(5, { trigger: "doorbell" });
    for (let index = 0; index < 100; index++) drops.drop(1, { trigger: "doorbell" });
    expect(lines).toEqual([{ trigger: "doorbell", dropped: 5, droppedTotal: 5 }]);
    now += 60_000;
    drops.drop(2, { trigger: "doorbell" });
    expect(lines).toEqual([
      { trigger: "doorbell", dropped: 5, droppedTotal: 5 },
      { trigger: "doorbell", dropped: 102, droppedTotal: 107 },
    ]);
    expect(drops.dropped).toBe(107);
  });
});
