/** The four colours of a swatch (CSS hex, "#rrggbb"). */
export type PinSwatch = [string, string, string, string];

/** Swatch for an empty PIN: four neutral greys. */
export const EMPTY_PIN_SWATCH: PinSwatch = ["#bdbdbd", "#9e9e9e", "#757575", "#616161"];

/** FNV-1a, 32 bits, over the UTF-16 code units of `text`. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** murmur3's 32-bit finaliser: spreads every input bit over the output. */
function mix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number): string => {
    const k = (n + hue / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/**
 * Four-colour swatch derived from a hash of the entered PIN (spec §2, lock screen), so a user sees
 * at a glance whether they typed what they meant without the digits being shown.
 * FNV-1a 32 over the PIN, then one murmur mix per colour: the base hue comes from the hash and the
 * four hues sit a quarter turn apart (±15°), so they are always at least 60° apart; saturation and
 * lightness vary with further hash bits. Deterministic; an empty PIN gives four neutral greys.
 * @param pin the digits typed so far
 * @returns four CSS hex colours
 */
export function pinSwatch(pin: string): PinSwatch {
  if (pin.length === 0) return [...EMPTY_PIN_SWATCH];
  const hash = fnv1a32(pin);
  const baseHue = hash % 360;
  const colour = (index: number): string => {
    const bits = mix(hash + Math.imul(index + 1, 0x9e3779b9));
    const hue = (baseHue + index * 90 + ((bits % 31) - 15) + 360) % 360;
    const saturation = 55 + ((bits >>> 8) % 36);
    const lightness = 38 + ((bits >>> 16) % 22);
    return hslToHex(hue, saturation, lightness);
  };
  return [colour(0), colour(1), colour(2), colour(3)];
}
