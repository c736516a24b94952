import { formatNumber, numberLocaleOf } from "../../../shared/numberFormat";

/** kWh with up to 3 decimals in the locale ('40,098 kWh'). */
export function formatKwh(kwh: number, locale: "pl" | "en"): string {
  return `${formatNumber(kwh, numberLocaleOf(locale), { maximumFractionDigits: 3 })}\u00a0kWh`;
}

/** Watts, as kW with 2 decimals from 1 kW ('4,2 kW'), else whole W. */
export function formatPower(watts: number, locale: "pl" | "en"): string {
  const tag = numberLocaleOf(locale);
  return watts >= 1000
    ? `${formatNumber(watts / 1000, tag, { maximumFractionDigits: 2 })}\u00a0kW`
    : `${formatNumber(Math.round(watts), tag)}\u00a0W`;
}

/** A period from..to (ISO-8601) in the viewer's time zone: '21.06.2026, 05:00 – 20:00' or with both dates. */
export function formatPeriod(from: string, to: string, locale: "pl" | "en"): string {
  const tag = locale === "pl" ? "pl-PL" : "en-GB";
  const a = new Date(from);
  const b = new Date(to);
  const date = (d: Date) => d.toLocaleDateString(tag, { day: "2-digit", month: "2-digit", year: "numeric" });
  const time = (d: Date) => d.toLocaleTimeString(tag, { hour: "2-digit", minute: "2-digit" });
  return date(a) === date(b)
    ? `${date(a)}, ${time(a)} – ${time(b)}`
    : `${date(a)}, ${time(a)} – ${date(b)}, ${time(b)}`;
}

/** Watts split for a tile's value: the number ('4,25', '640') and its unit ('kW' from 1 kW, else 'W'). */
export function powerParts(watts: number, locale: "pl" | "en"): { text: string; unit: string } {
  const tag = numberLocaleOf(locale);
  return Math.abs(watts) >= 1000
    ? { text: formatNumber(watts / 1000, tag, { maximumFractionDigits: 2 }), unit: "kW" }
    : { text: formatNumber(Math.round(watts), tag), unit: "W" };
}
