import { describe, expect, it } from "vitest";
import { formatDateTime } from "./dateTimeFormat";

describe("a date and time in menu lists", () => {
  it("writes the medium date and short time of the user's language", () => {
    const iso = new Date(2026, 10, 27, 15, 30).toISOString();
    expect(formatDateTime(iso, "pl")).toBe("27 lis 2026, 15:30");
    expect(formatDateTime(iso, "en")).toBe("27 Nov 2026, 15:30");
  });
});
