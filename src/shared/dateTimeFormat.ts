import type { DateLocale } from "./dateFormat";

/**
 * An ISO 8601 instant as a date and time in the user's language and the device's time zone, for lists
 * in the menu (sessions, calendars): `Intl.DateTimeFormat` with `dateStyle: "medium"` and
 * `timeStyle: "short"` in pl-PL ('27 lis 2026, 15:30') or en-GB ('27 Nov 2026, 15:30').
 */
export function formatDateTime(iso: string, locale: DateLocale): string {
  return new Intl.DateTimeFormat(locale === "pl" ? "pl-PL" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}
