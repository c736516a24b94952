import { describe, expect, it } from "vitest";
import { monthGrid } from "./calendarGrid";

describe("month view (spec §2: weeks start on Monday)", () => {
  it("starts every week on Monday and covers the whole month in whole weeks", () => {
    for (const locale of ["pl", "en"] as const) {
      const days = monthGrid(new Date(2026, 10, 22).getTime(), locale);
      expect(days.length % 7).toBe(0);
      expect(new Date(days[0]!).getDay()).toBe(1); // Monday
      expect(new Date(days[0]!).getDate()).toBe(26); // Monday 26 October 2026 holds 1 November's week
      expect(new Date(days.at(-1)!).getDay()).toBe(0); // Sunday
      expect(days).toContain(new Date(2026, 10, 30).getTime());
    }
  });
});
