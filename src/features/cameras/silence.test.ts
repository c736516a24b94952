import { describe, expect, it } from "vitest";
import { formatSilence } from "./silence";

describe("formatSilence (the 'Brak sygnału od …' duration)", () => {
  it("says seconds, then minutes, hours and days, in whole units", () => {
    expect(formatSilence(45_400, "pl")).toBe("45 s");
    expect(formatSilence(2 * 60_000 + 59_000, "pl")).toBe("2 min");
    expect(formatSilence(3 * 3_600_000 + 5 * 60_000, "pl")).toBe("3 godz.");
    expect(formatSilence(86_400_000, "pl")).toBe("1 dnia");
    expect(formatSilence(4 * 86_400_000, "pl")).toBe("4 dni");
    expect(formatSilence(2 * 60_000, "en")).toBe("2 min");
    expect(formatSilence(4 * 86_400_000, "en")).toBe("4 days");
  });

  it("reads a time from the future (clock skew) or an unknown one as 0 s", () => {
    expect(formatSilence(-5_000, "pl")).toBe("0 s");
    expect(formatSilence(Number.NaN, "pl")).toBe("0 s");
  });
});
