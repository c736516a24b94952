/** The PV charts' period: a day (`YYYY-MM-DD`) or a month (`YYYY-MM`), both local calendar dates. */
export type PvPeriod = { kind: "day"; day: string } | { kind: "month"; month: string };

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DD` of a local date. */
export const dayText = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The local date of `YYYY-MM-DD` (noon, so a DST change never moves it to another day). */
export const dateOfDay = (day: string): Date => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
};

/** The period `step` days or months after `period` (negative: before). */
export function shiftPeriod(period: PvPeriod, step: number): PvPeriod {
  if (period.kind === "day") {
    const date = dateOfDay(period.day);
    date.setDate(date.getDate() + step);
    return { kind: "day", day: dayText(date) };
  }
  const [y, m] = period.month.split("-").map(Number) as [number, number];
  const date = new Date(y, m - 1 + step, 1, 12);
  return { kind: "month", month: `${date.getFullYear()}-${pad(date.getMonth() + 1)}` };
}

/** The same period as a day (the month's first day) or a month (the day's month). */
export function asKind(period: PvPeriod, kind: PvPeriod["kind"]): PvPeriod {
  if (period.kind === kind) return period;
  return period.kind === "day"
    ? { kind: "month", month: period.day.slice(0, 7) }
    : { kind: "day", day: `${period.month}-01` };
}

/** True for a well-formed value of an `<input type="date">` (`YYYY-MM-DD`) in 2000..2099. */
export const isDayText = (text: string): boolean => /^20\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(text);
/** True for a well-formed value of an `<input type="month">` (`YYYY-MM`) in 2000..2099. */
export const isMonthText = (text: string): boolean => /^20\d{2}-(0[1-9]|1[0-2])$/.test(text);
