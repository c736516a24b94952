import { describe, expect, it } from "vitest";
import { formatNumber, formatTemperature } from "./numberFormat";

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

describe("formatNumber (the app's number styles without Intl's start-up cost)", () => {
  const styles = ["nb-NO", "pl-PL", "en-GB"] as const;
  const optionSets = [
    {},
    { maximumFractionDigits: 0 },
    { maximumFractionDigits: 1 },
    { maximumFractionDigits: 2 },
    { minimumFractionDigits: 1, maximumFractionDigits: 1 },
    { minimumFractionDigits: 5, maximumFractionDigits: 5 },
    { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false },
  ];
  // Readings as devices send them (two decimals, halves that binary cannot hold exactly), large and
  // tiny magnitudes, and values whose rounding carries into a new digit.
  const values = [
    0, -0, 0.04, -0.04, 0.05, -0.05, 0.95, -0.96, 1, 1.005, 2.25, 2.35, 2.5, -3.46, 21.25, 21.75, 99.95, 999.95,
    1008.15, 1013, 9999.5, 12345.678, -1234567.891, 1e6, 123456789.5, 1e21, 1.5e22, 1e-7, 3.4e-6, 0.000015, 5e-324,
  ];
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  for (let i = 0; i < 1500; i++) {
    const magnitude = 10 ** Math.floor(random() * 8 - 2);
    const value = Math.round((random() - 0.3) * magnitude * 1000) / 1000;
    values.push(value, Math.round(value * 100) / 100, Math.round(value * 10) / 10 + 0.05);
  }

  it("writes what Intl.NumberFormat writes, in every style and option set the app uses", () => {
    const mismatches: string[] = [];
    for (const locale of styles)
      for (const options of optionSets) {
        const intl = new Intl.NumberFormat(locale, options);
        for (const value of values) {
          const ours = formatNumber(value, locale, options);
          const theirs = intl.format(value);
          if (ours !== theirs) mismatches.push(`${locale} ${JSON.stringify(options)} ${value}: ${ours} != ${theirs}`);
        }
      }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it("writes the styles' own marks: Norwegian minus and spaces, Polish grouping from five digits", () => {
    expect(formatNumber(-1008.1, "nb-NO", { maximumFractionDigits: 1 })).toBe("\u22121\u00a0008,1");
    expect(formatNumber(1234, "pl-PL")).toBe("1234");
    expect(formatNumber(12345.678, "pl-PL", { maximumFractionDigits: 2 })).toBe("12\u00a0345,68");
    expect(formatNumber(-1234.5, "en-GB", { maximumFractionDigits: 1 })).toBe("-1,234.5");
  });

  it("answers NaN and infinities as Intl does, and refuses impossible fraction digits", () => {
    expect(formatNumber(Number.NaN, "nb-NO")).toBe("NaN");
    expect(formatNumber(-Infinity, "nb-NO")).toBe("\u2212∞");
    expect(() => formatNumber(1, "pl-PL", { minimumFractionDigits: 3, maximumFractionDigits: 1 })).toThrow(RangeError);
  });
});
