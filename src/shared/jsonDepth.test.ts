import { describe, expect, it } from "vitest";
import { jsonDepthWithin, MAX_JSON_DEPTH } from "./jsonDepth";

const nested = (depth: number): unknown => JSON.parse("[".repeat(depth) + "]".repeat(depth));

describe("jsonDepthWithin (deep JSON)", () => {
  it("counts objects and arrays, not scalars", () => {
    expect(jsonDepthWithin(5, 0)).toBe(true);
    expect(jsonDepthWithin({}, 0)).toBe(false);
    expect(jsonDepthWithin({ a: { b: [1] } }, 3)).toBe(true);
    expect(jsonDepthWithin({ a: { b: [1] } }, 2)).toBe(false);
  });

  it("accepts a real Tasmota payload and refuses one nested past the limit", () => {
    expect(
      jsonDepthWithin({ Time: "2026-11-22T12:00:00", "DS18B20-1": { Id: "00000566CC39", Temperature: 4.1 } }),
    ).toBe(true);
    expect(jsonDepthWithin(nested(MAX_JSON_DEPTH))).toBe(true);
    expect(jsonDepthWithin(nested(MAX_JSON_DEPTH + 1))).toBe(false);
  });

  it("answers for a value nested 32,000 deep without overflowing the stack", () => {
    expect(jsonDepthWithin(nested(32_000))).toBe(false);
  });
});
