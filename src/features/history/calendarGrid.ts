import { addDays, endOfMonth, endOfWeek, startOfMonth, startOfWeek } from "date-fns";
import { enGB } from "date-fns/locale/en-GB";
import { pl } from "date-fns/locale/pl";
import type { Locale } from "../../../contract/preferences";

/** date-fns locales of the app (spec §2: Polish first; weeks start on Monday in both). */
export const DATE_LOCALES = { pl, en: enGB } as const;

/**
 * The days a month view shows for the month of `monthOf` (epoch ms): whole weeks from the week
 * holding the 1st to the week holding the last day, each week starting on Monday (spec §2, the
 * date-fns locale's `weekStartsOn`: 1 for pl and en-GB). Local midnights, epoch ms.
 */
export function monthGrid(monthOf: number, locale: Locale): number[] {
  const options = { locale: DATE_LOCALES[locale] };
  const first = startOfWeek(startOfMonth(monthOf), options);
  const last = endOfWeek(endOfMonth(monthOf), options);
  const days: number[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day.getTime());
  return days;
}
