import { formatDistanceStrict } from "date-fns";
import { enUS } from "date-fns/locale/en-US";
import { pl } from "date-fns/locale/pl";
import type { Locale } from "../../contract/preferences";

/** Under this age (ms) a time is shown as 'teraz' / 'now' (spec §2). */
export const NOW_THRESHOLD_MS = 5_000;

const NOW_WORD = { pl: "teraz", en: "now" } as const;
const LOCALES = { pl, en: enUS } as const;

/**
 * "x ago" label for a past instant (spec §2: 'teraz' under 5 s, units up to years).
 * Uses date-fns `formatDistanceStrict` with its Polish/English locale, so Polish plurals are right
 * ("minutę temu", "2 minuty temu", "5 minut temu", "rok temu", "3 lata temu"; the singular without
 * "1", as Polish speakers say it).
 * @param thenMs epoch ms of the reading; a time in the future (clock skew) reads as 'teraz'
 * @param nowMs epoch ms of the app clock
 * @returns the label, or "" when either time is not finite
 */
export function formatRelativeTime(thenMs: number, nowMs: number, locale: Locale): string {
  if (!Number.isFinite(thenMs) || !Number.isFinite(nowMs)) return "";
  if (nowMs - thenMs < NOW_THRESHOLD_MS) return NOW_WORD[locale];
  return formatDistanceStrict(thenMs, nowMs, { addSuffix: true, locale: LOCALES[locale] });
}
