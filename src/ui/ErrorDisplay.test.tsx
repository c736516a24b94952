import { describe, expect, it } from "vitest";
import { describeError } from "./ErrorDisplay";

describe("generic error display (spec §8)", () => {
  it("shows a string as itself", () => {
    expect(describeError("Brak sieci")).toEqual({ message: "Brak sieci" });
  });

  it("shows an error's message and its other fields as details", () => {
    const error = Object.assign(new Error("Request failed"), { status: 503, code: "INTERNAL" });
    const described = describeError(error);
    expect(described.message).toBe("Request failed");
    expect(JSON.parse(described.details ?? "{}")).toEqual({ status: 503, code: "INTERNAL" });
  });

  it("falls back to the stack when the message is empty", () => {
    const error = new Error("");
    expect(describeError(error).message).toBe(error.stack);
  });

  it("shows other values as JSON and survives circular ones", () => {
    expect(describeError({ a: 1 }).message).toBe('{\n  "a": 1\n}');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(describeError(circular).message).toBe("[object Object]");
  });
});
