/**
 * Colour conversions for lights (pure): CIE 1931 x/y and hue/saturation to sRGB hex and back, as
 * Zigbee2MQTT (zigbee-herdsman-converters `lib/color.ts`, the Philips Hue wide-gamut matrix) does.
 * Hex is `#rrggbb` at full brightness (the brightness is its own property).
 */

/** An sRGB colour, channels 0..255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const gammaOut = (value: number) => (value <= 0.0031308 ? 12.92 * value : 1.055 * Math.pow(value, 1 / 2.4) - 0.055);
const gammaIn = (value: number) => (value > 0.04045 ? Math.pow((value + 0.055) / 1.055, 2.4) : value / 12.92);

/** `#rrggbb` of an RGB colour (channels rounded and clamped to 0..255). */
export function rgbToHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(clamp(c, 0, 255))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** The RGB of `#rrggbb` (or `rrggbb`); undefined when it is not six hex digits. */
export function hexToRgb(hex: string): Rgb | undefined {
  const match = /^#?([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$/.exec(hex);
  if (!match) return undefined;
  return { r: parseInt(match[1] ?? "0", 16), g: parseInt(match[2] ?? "0", 16), b: parseInt(match[3] ?? "0", 16) };
}

/** sRGB (full brightness: the largest channel 255) of a CIE 1931 x/y chromaticity. */
export function xyToRgb(x: number, y: number): Rgb {
  const safeY = y <= 0 ? 1e-6 : y;
  const Y = 1;
  const X = (Y / safeY) * x;
  const Z = (Y / safeY) * (1 - x - safeY);
  let r = X * 1.656492 - Y * 0.354851 - Z * 0.255038;
  let g = -X * 0.707196 + Y * 1.655397 + Z * 0.036152;
  let b = X * 0.051713 - Y * 0.121364 + Z * 1.01153;
  [r, g, b] = [r, g, b].map((c) => gammaOut(Math.max(0, c))) as [number, number, number];
  const max = Math.max(r, g, b, 1e-9);
  return { r: (r / max) * 255, g: (g / max) * 255, b: (b / max) * 255 };
}

/** CIE 1931 x/y (4 decimals, as Zigbee2MQTT publishes) of an sRGB colour; black gives the white point. */
export function rgbToXy({ r, g, b }: Rgb): { x: number; y: number } {
  const [lr, lg, lb] = [r, g, b].map((c) => gammaIn(clamp(c, 0, 255) / 255)) as [number, number, number];
  const X = lr * 0.664511 + lg * 0.154324 + lb * 0.162028;
  const Y = lr * 0.283881 + lg * 0.668433 + lb * 0.047685;
  const Z = lr * 0.000088 + lg * 0.07231 + lb * 0.986039;
  const sum = X + Y + Z;
  if (sum === 0) return { x: 0.3127, y: 0.329 };
  return { x: Math.round((X / sum) * 10000) / 10000, y: Math.round((Y / sum) * 10000) / 10000 };
}

/** sRGB of a hue (degrees) and saturation (0..100) at full value. */
export function hsToRgb(hue: number, saturation: number): Rgb {
  const s = clamp(saturation, 0, 100) / 100;
  const h = (((hue % 360) + 360) % 360) / 60;
  const c = s;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r1, g1, b1] =
    h < 1 ? [c, x, 0] : h < 2 ? [x, c, 0] : h < 3 ? [0, c, x] : h < 4 ? [0, x, c] : h < 5 ? [x, 0, c] : [c, 0, x];
  const m = 1 - c;
  return { r: (r1 + m) * 255, g: (g1 + m) * 255, b: (b1 + m) * 255 };
}

/** Hue (degrees, integer) and saturation (0..100, integer) of an sRGB colour. */
export function rgbToHs({ r, g, b }: Rgb): { hue: number; saturation: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  let hue = 0;
  if (delta > 0) {
    if (max === r) hue = 60 * (((g - b) / delta) % 6);
    else if (max === g) hue = 60 * ((b - r) / delta + 2);
    else hue = 60 * ((r - g) / delta + 4);
  }
  return { hue: Math.round((hue + 360) % 360), saturation: max === 0 ? 0 : Math.round((delta / max) * 100) };
}
