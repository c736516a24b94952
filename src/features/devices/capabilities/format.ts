import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import type { Capability } from "../../../../contract/devices";
import { localeAtom } from "../../../platform/preferences/atoms";
import { formatNumber, numberLocaleOf } from "../../../shared/numberFormat";
import { sameValue } from "./model";

/** Longest text of a value shown as it came (a text capability, an unknown value), in characters. */
const TEXT_MAX = 120;

/**
 * Formats a capability's value for people, in the user's language: a number in the app's number
 * format with its unit ('21,5 °C', '55 %'); a binary `state` as 'Włączone' / 'Wyłączone', a known
 * binary in its own words (`contact`: 'Otwarte' / 'Zamknięte', as its `value_on` is `false`, open;
 * `water_leak`: 'Wyciek!' / 'Sucho', `occupancy`, `smoke`...), another as 'Tak' / 'Nie'
 * (`value_on` / `value_off`, booleans by default); an enum value in the app's word when it has one
 * (`heat`: 'Grzanie'), else as it is; a text as it is (cut at 120 characters); an unknown value as
 * 'Brak danych'.
 */
export function useFormatValue(): (capability: Capability, value: unknown) => string {
  const { t, i18n } = useTranslation();
  const word = (group: string, key: string): string | null => {
    const path = `deviceTiles.${group}.${key}`;
    return /^[a-z0-9_]+(\.(on|off))?$/i.test(key) && i18n.exists(path) ? t(path) : null;
  };
  const locale = useAtomValue(localeAtom);
  return (capability, value) => {
    if (value === undefined || value === null) return t("deviceTiles.unknown");
    if (capability.type === "binary") {
      const isState = capability.name === "state";
      const name = capability.name ?? "";
      if (sameValue(value, capability.value_on ?? true))
        return word("binary", `${name}.on`) ?? t(isState ? "deviceTiles.on" : "deviceTiles.yes");
      if (sameValue(value, capability.value_off ?? false))
        return word("binary", `${name}.off`) ?? t(isState ? "deviceTiles.off" : "deviceTiles.no");
    }
    if (capability.type === "enum" && (typeof value === "string" || typeof value === "number"))
      return word("values", String(value)) ?? String(value);
    if (typeof value === "number") {
      const text = formatNumber(value, numberLocaleOf(locale), { maximumFractionDigits: 2 });
      return capability.unit ? `${text} ${capability.unit}` : text;
    }
    const text = typeof value === "string" ? value : JSON.stringify(value);
    return text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX)}…` : text;
  };
}
