import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dayEnergy, dayStats, dayWindowOf, localDayOf, monthDays, monthStats } from "./aggregate";
import { parsePvCsv, type PvReading } from "./csv";

/** The example log a household uploads (hub/examples/pv-sample.csv: 21 June 2026, 05:00-20:00 local, every 15 min). */
function sample(): PvReading[] {
  const parsed = parsePvCsv(readFileSync(new URL("../examples/pv-sample.csv", import.meta.url), "utf8"));
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.log.readings;
}

const at = (iso: string, powerW: number, energyKwh: number): PvReading => ({
  timeMs: Date.parse(iso),
  powerW,
  energyKwh,
});

describe("local days (Europe/Warsaw)", () => {
  it("a summer day runs 22:00 to 22:00 UTC; the DST days are 23 and 25 hours long", () => {
    const june = dayWindowOf("2026-06-21");
    expect(new Date(june.fromMs).toISOString()).toBe("2026-06-20T22:00:00.000Z");
    expect(new Date(june.toMs).toISOString()).toBe("2026-06-21T22:00:00.000Z");
    const spring = dayWindowOf("2026-03-29");
    expect((spring.toMs - spring.fromMs) / 3_600_000).toBe(23);
    const autumn = dayWindowOf("2026-10-25");
    expect((autumn.toMs - autumn.fromMs) / 3_600_000).toBe(25);
    expect(localDayOf(Date.parse("2026-06-20T22:30:00Z"))).toBe("2026-06-21");
    expect(localDayOf(Date.parse("2026-12-31T22:59:00Z"))).toBe("2026-12-31");
    expect(localDayOf(Date.parse("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
  });

  it("a month lists each of its days: 28 in February 2026, 29 in 2028, 31 in July", () => {
    expect(monthDays("2026-02")).toHaveLength(28);
    expect(monthDays("2028-02")).toHaveLength(29);
    expect(monthDays("2026-07").map((d) => d.day)).toEqual(
      Array.from({ length: 31 }, (_, i) => `2026-07-${String(i + 1).padStart(2, "0")}`),
    );
  });
});

describe("a day from the uploaded logs", () => {
  it("the sample's day: 40.098 kWh, peak 4200 W, one point per reading from 05:00 local", () => {
    const stats = dayStats(dayWindowOf("2026-06-21"), [sample()]);
    expect(stats.energyKwh).toBe(40.098);
    expect(stats.peakW).toBe(4200);
    expect(stats.points).toHaveLength(61);
    expect(stats.points[0]).toEqual({ time: "2026-06-21T03:00:00.000Z", powerW: 0, peakW: 0 });
    expect(stats.from).toBe("2026-06-20T22:00:00.000Z");
  });

  it("the same log uploaded twice counts once; a morning's and an afternoon's log add up", () => {
    const readings = sample();
    expect(dayEnergy([readings, readings])).toBe(40.098);
    const morning = readings.slice(0, 30);
    const afternoon = readings.slice(30);
    const whole = dayEnergy([morning, afternoon]);
    const split =
      morning.at(-1)!.energyKwh - morning[0]!.energyKwh + (afternoon.at(-1)!.energyKwh - afternoon[0]!.energyKwh);
    expect(whole).toBe(Math.round(split * 1000) / 1000);
  });

  it("readings within one 5-minute bucket give their average and their peak", () => {
    const stats = dayStats(dayWindowOf("2026-06-21"), [
      [
        at("2026-06-21T10:00:00Z", 1000, 1),
        at("2026-06-21T10:02:00Z", 3000, 1.1),
        at("2026-06-21T10:07:00Z", 500, 1.2),
      ],
    ]);
    expect(stats.points).toEqual([
      { time: "2026-06-21T10:00:00.000Z", powerW: 2000, peakW: 3000 },
      { time: "2026-06-21T10:05:00.000Z", powerW: 500, peakW: 500 },
    ]);
    expect(stats.energyKwh).toBe(0.2);
  });

  it("a day no log covers has no figures and no points", () => {
    const stats = dayStats(dayWindowOf("2026-06-22"), [sample()]);
    expect(stats).toMatchObject({ energyKwh: null, peakW: null, points: [] });
  });
});

describe("a month from the uploaded logs", () => {
  it("June 2026: the 21st holds the sample's energy, the other days none; the total and peak are the month's", () => {
    const stats = monthStats("2026-06", monthDays("2026-06"), [sample()]);
    expect(stats.days).toHaveLength(30);
    expect(stats.days[20]).toEqual({ day: "2026-06-21", energyKwh: 40.098, peakW: 4200 });
    expect(stats.days.filter((d) => d.energyKwh !== null)).toHaveLength(1);
    expect(stats).toMatchObject({ energyKwh: 40.098, peakW: 4200 });
  });

  it("a log across local midnight splits its energy between the two days", () => {
    const log = [
      at("2026-06-30T21:00:00Z", 100, 10), // 23:00 local, 30 June
      at("2026-06-30T21:55:00Z", 100, 10.5),
      at("2026-06-30T22:05:00Z", 100, 10.6), // 00:05 local, 1 July
      at("2026-06-30T23:00:00Z", 100, 11),
    ];
    const june = monthStats("2026-06", monthDays("2026-06"), [log]);
    expect(june.days[29]?.energyKwh).toBe(0.5);
    const july = monthStats("2026-07", monthDays("2026-07"), [log]);
    expect(july.days[0]?.energyKwh).toBe(0.4);
    expect(monthStats("2026-05", monthDays("2026-05"), [log])).toMatchObject({ energyKwh: null, peakW: null });
  });
});
