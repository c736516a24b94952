/**
 * Dates and times the first screens write: the clock, the car dashboard and the calendar,
 * with date-fns' locale data instead of `Intl.DateTimeFormat`. The first `Intl.DateTimeFormat` a
 * page creates initialises ICU's calendar data on the main thread, inside the render that first
 * shows the clock (figures in docs/performance.md); date-fns' `format` has no such
 * start-up. `dateFormat.test.ts` checks the output against `Intl.DateTimeFormat` for every day and
 * minute of a year, in the device's time zone (the one both use).
 */
import { format } from "date-fns";
import { enGB } from "date-fns/locale/en-GB";
import { pl } from "date-fns/locale/pl";

/** The languages the app speaks (spec §2). */
export type DateLocale = "pl" | "en";

/**
 * Weekday, day and month written out, in the device's time zone: 'niedziela, 22 listopada' in
 * Polish (the month in the genitive, as a date is said), 'Sunday 22 November' in English; what
 * `Intl.DateTimeFormat` gives for `{ weekday: "long", day: "numeric", month: "long" }` in pl-PL and en-GB.
 * @param epochMs the instant, epoch ms
 */
export function formatWeekdayDate(epochMs: number, locale: DateLocale): string {
  return locale === "pl"
    ? format(epochMs, "EEEE, d MMMM", { locale: pl })
    : format(epochMs, "EEEE d MMMM", { locale: enGB });
}

/**
 * Time of day on a 24-hour clock in the device's time zone, the same in both languages: '7:05' with
 * `hour` "numeric" (the clock), '07:05' with "2-digit" (lists); `Intl.DateTimeFormat`'s
 * `{ hour, minute: "2-digit", hourCycle: "h23" }`.
 * @param epochMs the instant, epoch ms
 */
export function formatTimeOfDay(epochMs: number, hour: "numeric" | "2-digit"): string {
  return format(epochMs, hour === "numeric" ? "H:mm" : "HH:mm");
}
