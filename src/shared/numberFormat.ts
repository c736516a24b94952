/**
 * Numbers as the app writes them (spec §9: Norwegian number format for temperatures and readings;
 * the user's language elsewhere), without `Intl.NumberFormat`.
 *
 * Why not Intl: the first `Intl.NumberFormat` or `Intl.DateTimeFormat` a page creates initialises
 * ICU's number and calendar data on the main thread, inside whichever render first shows a reading
 * (figures in docs/performance.md). The
 * three styles the app uses are fixed CLDR data, copied below; `numberFormat.test.ts` checks the
 * output against `Intl.NumberFormat` for thousands of values in each style.
 */

/** The number styles the app writes (BCP 47 tags, as `Intl.NumberFormat` would take them). */
export type NumberLocale = "nb-NO" | "pl-PL" | "en-GB";

/** The number style of the app's language ('pl' -> pl-PL, 'en' -> en-GB), for readings outside spec §9's Norwegian ones. */
export function numberLocaleOf(locale: "pl" | "en"): NumberLocale {
  return locale === "pl" ? "pl-PL" : "en-GB";
}

/** CLDR symbols of a style: decimal mark, group separator, minus sign, minimum grouping digits. */
type Symbols = { decimal: string; group: string; minus: string; minimumGroupingDigits: number };

/** From CLDR 48 (what Chromium and Node ship): Norwegian and Polish group with a no-break space. */
const SYMBOLS: Readonly<Record<NumberLocale, Symbols>> = {
  "nb-NO": { decimal: ",", group: "\u00a0", minus: "\u2212", minimumGroupingDigits: 1 },
  "pl-PL": { decimal: ",", group: "\u00a0", minus: "-", minimumGroupingDigits: 2 },
  "en-GB": { decimal: ".", group: ",", minus: "-", minimumGroupingDigits: 1 },
};

/** What {@link formatNumber} takes: the same meaning and defaults as `Intl.NumberFormat`'s options. */
export type NumberOptions = {
  /** Decimals always written (default 0). */
  minimumFractionDigits?: number;
  /** Decimals at most, rounding half away from zero (default the larger of 3 and the minimum). */
  maximumFractionDigits?: number;
  /** Group thousands (default true; Polish groups only from five digits, as CLDR says). */
  useGrouping?: boolean;
};

/** `abs` (finite, ≥ 0) as a plain decimal string with no exponent: the shortest one that reads back as `abs`. */
function plainDecimal(abs: number): string {
  const text = String(abs);
  const match = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const digits = `${match[1]}${match[2] ?? ""}`;
  const exponent = Number(match[3]);
  if (exponent >= 0)
    return digits.length > exponent + 1
      ? `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`
      : digits.padEnd(exponent + 1, "0");
  return `0.${"0".repeat(-exponent - 1)}${digits}`;
}

/** Adds one to the last digit of a string of decimal digits, carrying ('199' -> '200', '99' -> '100'). */
function incrementDigits(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

/** The integer part with group separators every three digits, when it has enough digits. */
function group(integer: string, symbols: Symbols): string {
  if (integer.length < 3 + symbols.minimumGroupingDigits) return integer;
  const head = integer.length % 3 || 3;
  const parts = [integer.slice(0, head)];
  for (let i = head; i < integer.length; i += 3) parts.push(integer.slice(i, i + 3));
  return parts.join(symbols.group);
}

/**
 * A number in one of the app's styles, the same text `new Intl.NumberFormat(locale, options).format(value)`
 * gives: '1 008,1' and '−3,5' (nb-NO), '12 345,68' and '-1,5' (pl-PL), '1,234.5' (en-GB).
 * Rounds the shortest decimal that reads back as `value` half away from zero (as ICU does, so
 * 1008.15 -> '1008,2'). A negative value that rounds to zero keeps its minus ('−0'), as Intl does.
 * @param value any number; NaN -> 'NaN', ±Infinity -> '∞' with the style's minus
 * @param locale the style ({@link NumberLocale})
 * @param options decimals and grouping ({@link NumberOptions}); fraction digits 0-20
 * @throws RangeError when a fraction digit option is outside 0-20 or the maximum is below the minimum
 */
export function formatNumber(value: number, locale: NumberLocale, options: NumberOptions = {}): string {
  const symbols = SYMBOLS[locale];
  const minimum = options.minimumFractionDigits ?? 0;
  const maximum = options.maximumFractionDigits ?? Math.max(minimum, 3);
  if (!(minimum >= 0 && minimum <= 20 && maximum >= minimum && maximum <= 20)) {
    throw new RangeError(`fraction digits out of range: ${minimum}..${maximum}`);
  }
  if (Number.isNaN(value)) return "NaN";
  const sign = value < 0 || Object.is(value, -0) ? symbols.minus : "";
  if (!Number.isFinite(value)) return `${sign}∞`;
  const [integerPart = "0", fractionPart = ""] = plainDecimal(Math.abs(value)).split(".");
  let integer = integerPart;
  let fraction = fractionPart;
  if (fraction.length > maximum) {
    const roundUp = (fraction[maximum] ?? "0") >= "5";
    fraction = fraction.slice(0, maximum);
    if (roundUp) {
      const bumped = incrementDigits(integer + fraction);
      integer = bumped.slice(0, bumped.length - maximum);
      fraction = bumped.slice(bumped.length - maximum);
    }
  }
  fraction = fraction.replace(/0+$/, "").padEnd(minimum, "0");
  const grouped = options.useGrouping === false ? integer : group(integer, symbols);
  return `${sign}${grouped}${fraction === "" ? "" : symbols.decimal + fraction}`;
}

/**
 * Temperature in the Norwegian number format with a °C suffix (spec §9: lowest outdoor temperature,
 * "Norwegian number format, suffix °C"): comma decimal, U+2212 minus, e.g. `-3.46, 1` -> "−3,5°C".
 * A value that rounds to zero never shows a minus ("0,0°C", not "−0,0°C").
 * @param value degrees Celsius
 * @param fractionDigits 1 in the standard layout, 0 in the car layout
 * @returns the label, or "–°C" for a non-finite value
 */
export function formatTemperature(value: number, fractionDigits: 0 | 1): string {
  if (!Number.isFinite(value)) return "–°C";
  const text = formatNumber(value, "nb-NO", {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    useGrouping: false,
  });
  const isZero = /^[\u2212-]?[0,]+$/.test(text);
  return `${isZero ? text.replace(/^[\u2212-]/, "") : text}°C`;
}
