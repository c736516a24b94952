import { describe, expect, it } from "vitest";
import { alertChanges, watchdogRules } from "./rules";

const pm = { pm25: ["outside"], pm10: ["outside"] };

describe("watchdog decisions", () => {
  it("tempWatchdog entries become min/max rules; the default weather watchdog watches frost, heat and PM", () => {
    const rules = watchdogRules([{ id: "piwnica", sensor: "cellar", min: 2, max: null }], undefined, pm);
    expect(rules.filter((rule) => rule.watchdog === "temp")).toEqual([
      { watchdog: "temp", id: "piwnica-min", kind: "temp", place: "cellar", bound: "min", limit: 2 },
    ]);
    expect(rules.filter((rule) => rule.watchdog === "weather").map((rule) => rule.id)).toEqual([
      "frost-balcony",
      "heat-balcony",
      "frost-outside",
      "heat-outside",
      "frost-tunnel",
      "heat-tunnel",
      "pm25-outside",
      "pm10-outside",
    ]);
  });

  it("a disabled weather watchdog and an unreadable tempWatchdog give no rules", () => {
    expect(
      watchdogRules(
        [{ id: "x", sensor: "cellar" }],
        { enabled: false, frostBelow: 0, heatAbove: 30, pm25Above: 50, pm10Above: 100 },
        pm,
      ),
    ).toEqual([]);
  });

  it("alerts once when a reading crosses a limit, and once when it comes back; the limit itself is not beyond", () => {
    const rules = watchdogRules(
      [],
      { enabled: true, frostBelow: 0, heatAbove: null, pm25Above: 50, pm10Above: null },
      pm,
    );
    const state = new Map<string, boolean>();
    const feed = (kind: string, place: string, value: number) => {
      const changes = alertChanges(rules, { kind, place, value }, state);
      for (const change of changes) state.set(`${change.rule.watchdog}/${change.rule.id}`, change.active);
      return changes.map((change) => [change.rule.id, change.active]);
    };
    expect(feed("temp", "outside", 0)).toEqual([]);
    expect(feed("temp", "outside", -0.5)).toEqual([["frost-outside", true]]);
    expect(feed("temp", "outside", -3)).toEqual([]);
    expect(feed("temp", "cellar", -10)).toEqual([]);
    expect(feed("temp", "outside", 1)).toEqual([["frost-outside", false]]);
    expect(feed("pm25", "outside", 51)).toEqual([["pm25-outside", true]]);
    expect(feed("pm25", "outside", Number.NaN)).toEqual([]);
  });
});
