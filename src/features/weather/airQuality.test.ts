import { describe, expect, it } from "vitest";
import { airQualityClass } from "./airQuality";

describe("air-quality class (spec §9)", () => {
  it.each([
    // [pm2.5, pm10, class]: every threshold from both sides, for each value alone
    [0, 0, "clean"],
    [9.9, 19.9, "clean"],
    [10, 0, "mid"],
    [0, 20, "mid"],
    [24.9, 49.9, "mid"],
    [25, 0, "bad"],
    [0, 50, "bad"],
    [49.9, 99.9, "bad"],
    [50, 0, "tragic"],
    [0, 100, "tragic"],
    [300, 500, "tragic"],
    [2.1, 4.7, "clean"],
  ] as const)("pm2.5 %s and pm10 %s are %s", (pm25, pm10, expected) => {
    expect(airQualityClass(pm25, pm10)).toBe(expected);
  });

  it("is unknown when either value is null, whatever the other says", () => {
    expect(airQualityClass(null, 150)).toBe("unknown");
    expect(airQualityClass(80, null)).toBe("unknown");
    expect(airQualityClass(null, null)).toBe("unknown");
    expect(airQualityClass(Number.NaN, 1)).toBe("unknown");
  });
});
