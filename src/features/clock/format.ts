/** Languages the clock speaks (the app's locales, spec §2). */
export type ClockLocale = "pl" | "en";

const INTL_LOCALE: Readonly<Record<ClockLocale, string>> = { pl: "pl-PL", en: "en-GB" };

const timeFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  locale: ClockLocale,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}/${timeZone ?? ""}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone });
    cache.set(key, format);
  }
  return format;
}

/**
 * The home screen's time of day from epoch ms: 24-hour hours and minutes ('7:05', '14:05').
 * `timeZone` (IANA name) defaults to the device's; tests pass one.
 */
export function formatClockTime(epochMs: number, locale: ClockLocale, timeZone?: string): string {
  return cached(timeFormats, locale, timeZone, { hour: "numeric", minute: "2-digit", hourCycle: "h23" }).format(epochMs);
}

/**
 * The home screen's date from epoch ms, weekday, day and month written out with Intl.DateTimeFormat:
 * 'niedziela, 22 listopada' in Polish (spec §2: timestamps in Polish), 'Sunday 22 November' in English.
 * `timeZone` (IANA name) defaults to the device's; tests pass one.
 */
export function formatClockDate(epochMs: number, locale: ClockLocale, timeZone?: string): string {
  return cached(dateFormats, locale, timeZone, { weekday: "long", day: "numeric", month: "long" }).format(epochMs);
}
