import { formatNumber, numberLocaleOf } from "../../shared/numberFormat";

/**
 * A power in watts as the switch shows it: whole watts with the locale's grouping ('2635 W' and
 * '12 635 W' in Polish, which groups from five digits; '2,635 W' in English); under 10 W one decimal ('4,5 W').
 */
export function formatWatts(watts: number, locale: "pl" | "en"): string {
  const digits = Math.abs(watts) < 10 ? 1 : 0;
  return `${formatNumber(watts, numberLocaleOf(locale), { maximumFractionDigits: digits })} W`;
}

/** An energy in kWh: two decimals ('0,95 kWh'), three under 0.1 kWh ('0,054 kWh'). */
export function formatKwh(kwh: number, locale: "pl" | "en"): string {
  const digits = Math.abs(kwh) < 0.1 ? 3 : 2;
  return `${formatNumber(kwh, numberLocaleOf(locale), { minimumFractionDigits: digits, maximumFractionDigits: digits })} kWh`;
}
