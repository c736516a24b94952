const formatters = new Map<number, Intl.NumberFormat>();

function formatterFor(fractionDigits: 0 | 1): Intl.NumberFormat {
  let formatter = formatters.get(fractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat("nb-NO", {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      useGrouping: false,
    });
    formatters.set(fractionDigits, formatter);
  }
  return formatter;
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
  const text = formatterFor(fractionDigits).format(value);
  const isZero = /^[\u2212-]?[0,]+$/.test(text);
  return `${isZero ? text.replace(/^[\u2212-]/, "") : text}°C`;
}
