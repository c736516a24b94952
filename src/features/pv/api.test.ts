import { describe, expect, it } from "vitest";
import { ApiError, httpError } from "../../lib/api/errors";
import { failedLine } from "./api";
import { formatKwh, formatPeriod, formatPower } from "./components/format";

describe("failedLine", () => {
  it("reads the line and message of a refused log", () => {
    const error = httpError(400, "Bad Request", { code: "BAD_REQUEST", line: 5, message: "line 5: power: not a number" });
    expect(failedLine(error)).toEqual({ line: 5, message: "line 5: power: not a number" });
  });

  it("is null for other failures: no line, another status, not an API error", () => {
    expect(failedLine(httpError(400, "", { code: "BAD_REQUEST", message: "file: required" }))).toBeNull();
    expect(failedLine(httpError(413, "", { code: "BAD_REQUEST", line: 3 }))).toBeNull();
    expect(failedLine(new ApiError("x", { kind: "network" }))).toBeNull();
    expect(failedLine(new Error("x"))).toBeNull();
  });
});

describe("PV formatting", () => {
  it("shows energy in kWh and power in W or kW in Polish", () => {
    expect(formatKwh(40.098, "pl")).toBe("40,098\u00a0kWh");
    expect(formatPower(4200, "pl")).toBe("4,2\u00a0kW");
    expect(formatPower(640, "pl")).toBe("640\u00a0W");
  });

  it("shows a period within one day with the date once", () => {
    const text = formatPeriod("2026-06-21T03:00:00.000Z", "2026-06-21T18:00:00.000Z", "pl");
    expect(text).toMatch(/^\d{2}\.\d{2}\.2026, \d{2}:\d{2} – \d{2}:\d{2}$/);
  });
});
