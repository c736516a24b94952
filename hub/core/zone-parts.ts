const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One `Intl.DateTimeFormat` per IANA zone (made once, then reused) whose `formatToParts` gives an
 * instant's wall clock there as numbers: `year`, `month` (1..12), `day`, `hour` (0..23, `h23`),
 * `minute`, `second` (en-US digits). Throws a RangeError for a zone the runtime does not know.
 */
export function zonePartsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, format);
  }
  return format;
}
