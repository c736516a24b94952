import { formatTimeOfDay, formatWeekdayDate, type DateLocale } from "../../shared/dateFormat";

/** Languages the clock speaks (the app's locales, spec §2). */
export type ClockLocale = DateLocale;

/**
 * The home screen's time of day from epoch ms, in the device's time zone: 24-hour hours and
 * minutes ('7:05', '14:05'), the same in both languages. Written by date-fns, not Intl (no ICU start-up in the first render; {@link formatTimeOfDay}).
 */
export function formatClockTime(epochMs: number, _locale: ClockLocale): string {
  return formatTimeOfDay(epochMs, "numeric");
}

/**
 * The home screen's date from epoch ms, in the device's time zone, weekday, day and month written
 * out: 'niedziela, 22 listopada' in Polish (spec §2: timestamps in Polish), 'Sunday 22 November' in
 * English ({@link formatWeekdayDate}).
 */
export function formatClockDate(epochMs: number, locale: ClockLocale): string {
  return formatWeekdayDate(epochMs, locale);
}
