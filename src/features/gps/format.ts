import { formatNumber, numberLocaleOf } from "../../shared/numberFormat";

/**
 * A distance in metres for people: '35 m' under 1 km (whole metres), '1,2 km' from 1 km (one
 * decimal, decimal comma in Polish), with a no-break space before the unit.
 */
export function formatDistance(metres: number, locale: "pl" | "en"): string {
  const tag = numberLocaleOf(locale);
  if (metres < 1000) return `${formatNumber(Math.round(metres), tag)}\u00a0m`;
  return `${formatNumber(metres / 1000, tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}\u00a0km`;
}

/** A coordinate pair with 5 decimals (about 1 m), the locale's decimal mark: '52,16471° N, 21,07891° E'. */
export function formatCoordinates(lat: number, lon: number, locale: "pl" | "en"): string {
  const tag = numberLocaleOf(locale);
  const part = (value: number, positive: string, negative: string) =>
    `${formatNumber(Math.abs(value), tag, { minimumFractionDigits: 5, maximumFractionDigits: 5 })}°\u00a0${value >= 0 ? positive : negative}`;
  return `${part(lat, "N", "S")}, ${part(lon, "E", locale === "pl" ? "W" : "W")}`;
}
