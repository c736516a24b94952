import { describe, expect, it } from "vitest";
import { formatTemperature } from "./numberFormat";

describe("formatTemperature (spec §9: Norwegian number format, suffix °C)", () => {
  it("uses a decimal comma and one decimal in the standard layout", () => {
    expect(formatTemperature(21.46, 1)).toBe("21,5°C");
    expect(formatTemperature(4, 1)).toBe("4,0°C");
  });

  it("uses the U+2212 minus sign for frost", () => {
    expect(formatTemperature(-3.46, 1)).toBe("\u22123,5°C");
  });

  it("shows no decimals in the car layout", () => {
    expect(formatTemperature(-3.6, 0)).toBe("\u22124°C");
    expect(formatTemperature(12.4, 0)).toBe("12°C");
  });

  it("never shows a negative zero", () => {
    expect(formatTemperature(-0.04, 1)).toBe("0,0°C");
    expect(formatTemperature(-0.4, 0)).toBe("0°C");
  });

  it("does not group thousands and survives a non-finite value", () => {
    expect(formatTemperature(1234.5, 1)).toBe("1234,5°C");
    expect(formatTemperature(Number.NaN, 1)).toBe("–°C");
  });
});
