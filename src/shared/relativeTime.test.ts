import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./relativeTime";

const now = Date.UTC(2026, 10, 20, 12, 0, 0);
const ago = (ms: number) => now - ms;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("formatRelativeTime (spec §2: 'teraz' under 5 s, units up to years)", () => {
  it("says 'teraz' under 5 seconds and for times slightly in the future", () => {
    expect(formatRelativeTime(now, now, "pl")).toBe("teraz");
    expect(formatRelativeTime(ago(4_999), now, "pl")).toBe("teraz");
    expect(formatRelativeTime(now + 3_000, now, "pl")).toBe("teraz");
    expect(formatRelativeTime(ago(1_000), now, "en")).toBe("now");
  });

  it("switches to seconds at exactly 5 s", () => {
    expect(formatRelativeTime(ago(5 * SECOND), now, "pl")).toBe("5 sekund temu");
  });

  it("uses the right Polish plural for each count", () => {
    // date-fns's Polish locale says the singular without "1", as Polish speakers do.
    expect(formatRelativeTime(ago(1 * MINUTE), now, "pl")).toBe("minutę temu");
    expect(formatRelativeTime(ago(2 * MINUTE), now, "pl")).toBe("2 minuty temu");
    expect(formatRelativeTime(ago(5 * MINUTE), now, "pl")).toBe("5 minut temu");
    expect(formatRelativeTime(ago(22 * MINUTE), now, "pl")).toBe("22 minuty temu");
    expect(formatRelativeTime(ago(3 * HOUR), now, "pl")).toBe("3 godziny temu");
    expect(formatRelativeTime(ago(5 * DAY), now, "pl")).toBe("5 dni temu");
  });

  it("goes up to years", () => {
    expect(formatRelativeTime(ago(40 * DAY), now, "pl")).toBe("miesiąc temu");
    expect(formatRelativeTime(ago(400 * DAY), now, "pl")).toBe("rok temu");
    expect(formatRelativeTime(ago(3 * 365 * DAY), now, "pl")).toBe("3 lata temu");
    expect(formatRelativeTime(ago(400 * DAY), now, "en")).toBe("1 year ago");
  });

  it("gives an empty label instead of throwing for an invalid time", () => {
    expect(formatRelativeTime(Number.NaN, now, "pl")).toBe("");
  });
});
