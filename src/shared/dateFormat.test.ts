import { describe, expect, it } from "vitest";
import { formatTimeOfDay, formatWeekdayDate } from "./dateFormat";

describe("dates without Intl: the same text Intl.DateTimeFormat writes", () => {
  it("writes every day of two years as Intl does, in Polish and English", () => {
    const polish = new Intl.DateTimeFormat("pl-PL", { weekday: "long", day: "numeric", month: "long" });
    const english = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long" });
    const mismatches: string[] = [];
    for (let day = 0; day < 731; day++) {
      const at = new Date(2026, 0, 1 + day, 12).getTime();
      if (formatWeekdayDate(at, "pl") !== polish.format(at))
        mismatches.push(`pl ${formatWeekdayDate(at, "pl")} != ${polish.format(at)}`);
      if (formatWeekdayDate(at, "en") !== english.format(at))
        mismatches.push(`en ${formatWeekdayDate(at, "en")} != ${english.format(at)}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(formatWeekdayDate(new Date(2026, 10, 22, 12).getTime(), "pl")).toBe("niedziela, 22 listopada");
    expect(formatWeekdayDate(new Date(2026, 0, 5, 12).getTime(), "pl")).toBe("poniedziałek, 5 stycznia");
    expect(formatWeekdayDate(new Date(2026, 10, 22, 12).getTime(), "en")).toBe("Sunday 22 November");
  });

  it("writes every minute of a day on a 24-hour clock as Intl does", () => {
    const mismatches: string[] = [];
    for (const hour of ["numeric", "2-digit"] as const) {
      const intl = new Intl.DateTimeFormat("pl-PL", { hour, minute: "2-digit", hourCycle: "h23" });
      for (let minute = 0; minute < 24 * 60; minute++) {
        const at = new Date(2026, 10, 22, 0, minute).getTime();
        if (formatTimeOfDay(at, hour) !== intl.format(at))
          mismatches.push(`${hour} ${formatTimeOfDay(at, hour)} != ${intl.format(at)}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(formatTimeOfDay(new Date(2026, 10, 22, 7, 5).getTime(), "numeric")).toBe("7:05");
    expect(formatTimeOfDay(new Date(2026, 10, 22, 7, 5).getTime(), "2-digit")).toBe("07:05");
  });
});
