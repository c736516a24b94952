import { describe, expect, it } from "vitest";
import { EMPTY_PIN_SWATCH, pinSwatch } from "./pinSwatch";

function hueOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe("pinSwatch (spec §2: four colours derived from a hash of the PIN)", () => {
  it("gives four CSS hex colours and the same swatch for the same PIN", () => {
    const swatch = pinSwatch("1357");
    expect(swatch).toHaveLength(4);
    for (const colour of swatch) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(pinSwatch("1357")).toEqual(swatch);
  });

  it("gives four neutral greys for an empty PIN", () => {
    expect(pinSwatch("")).toEqual(EMPTY_PIN_SWATCH);
    for (const colour of pinSwatch("")) expect(colour.slice(1, 3)).toBe(colour.slice(3, 5));
  });

  it("gives a different swatch for every PIN of up to four digits", () => {
    const seen = new Set<string>();
    let count = 0;
    for (let length = 1; length <= 4; length++) {
      for (let n = 0; n < 10 ** length; n++) {
        seen.add(pinSwatch(String(n).padStart(length, "0")).join());
        count++;
      }
    }
    expect(seen.size).toBe(count);
  });

  it("changes when one digit changes or two digits swap", () => {
    expect(pinSwatch("1357")).not.toEqual(pinSwatch("1358"));
    expect(pinSwatch("1357")).not.toEqual(pinSwatch("3157"));
  });

  it("keeps the four hues well apart (at least 50° between any two)", () => {
    for (const pin of ["1", "42", "1357", "0000", "9999", "2468", "123456"]) {
      const hues = pinSwatch(pin).map(hueOf);
      for (let i = 0; i < hues.length; i++) {
        for (let j = i + 1; j < hues.length; j++) {
          expect(hueDistance(hues[i] ?? 0, hues[j] ?? 0)).toBeGreaterThanOrEqual(50);
        }
      }
    }
  });
});
