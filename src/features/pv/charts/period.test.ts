import { describe, expect, it } from "vitest";
import { asKind, isDayText, isMonthText, shiftPeriod } from "./period";

describe("the PV charts' period", () => {
  it("steps by a day across a month, a year and the DST change, and by a month across a year", () => {
    expect(shiftPeriod({ kind: "day", day: "2026-06-30" }, 1)).toEqual({ kind: "day", day: "2026-07-01" });
    expect(shiftPeriod({ kind: "day", day: "2026-01-01" }, -1)).toEqual({ kind: "day", day: "2025-12-31" });
    expect(shiftPeriod({ kind: "day", day: "2026-03-28" }, 1)).toEqual({ kind: "day", day: "2026-03-29" });
    expect(shiftPeriod({ kind: "day", day: "2026-03-29" }, 1)).toEqual({ kind: "day", day: "2026-03-30" });
    expect(shiftPeriod({ kind: "month", month: "2026-12" }, 1)).toEqual({ kind: "month", month: "2027-01" });
    expect(shiftPeriod({ kind: "month", month: "2026-01" }, -1)).toEqual({ kind: "month", month: "2025-12" });
  });

  it("switches between a day and its month, and checks the pickers' values", () => {
    expect(asKind({ kind: "day", day: "2026-06-21" }, "month")).toEqual({ kind: "month", month: "2026-06" });
    expect(asKind({ kind: "month", month: "2026-06" }, "day")).toEqual({ kind: "day", day: "2026-06-01" });
    expect(isDayText("2026-06-21")).toBe(true);
    expect(isDayText("")).toBe(false);
    expect(isDayText("1999-06-21")).toBe(false);
    expect(isMonthText("2026-13")).toBe(false);
    expect(isMonthText("2026-06")).toBe(true);
  });
});
