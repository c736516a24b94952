import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { upcomingEventsAtom, type UpcomingEvent } from "../../features/calendar";
import { lowestOutdoorAtom } from "../../features/sensors";
import { formatTimeOfDay, formatWeekdayDate, type DateLocale } from "../../shared/dateFormat";
import { formatTemperature } from "../../shared/numberFormat";

/** When an event starts, as the screensaver says it: '14:05' today, else 'wtorek, 1 grudnia' (all day) or with its time. */
function whenText(event: UpcomingEvent, now: number, locale: DateLocale): string {
  const today = new Date(now).toDateString() === new Date(event.start).toDateString();
  if (event.allDay) return formatWeekdayDate(event.start, locale);
  const time = formatTimeOfDay(event.start, "numeric");
  return today ? time : `${formatWeekdayDate(event.start, locale)} ${time}`;
}

/**
 * What the screensaver shows under its clock: the outdoor
 * temperature (the lowest recent of balcony, outside and tunnel, spec §9; nothing when none is recent)
 * and the next calendar event from `calendar/events`: the first that has not started yet (an all-day
 * one of today counts; one already under way does not: it is not "next"), nothing when none is coming.
 */
export function ScreensaverDetails() {
  const { t, i18n } = useTranslation();
  const locale: DateLocale = i18n.resolvedLanguage === "en" ? "en" : "pl";
  const outdoor = useAtomValue(lowestOutdoorAtom);
  const events = useAtomValue(upcomingEventsAtom);
  const now = Date.now();
  const next = events?.find((event) => event.allDay === true || new Date(event.start).getTime() >= now);
  return (
    <div className="screensaver__details">
      {outdoor !== null && (
        <p data-testid="screensaver-outdoor">{t("screensaver.outdoor", { value: formatTemperature(outdoor, 1) })}</p>
      )}
      {next !== undefined && (
        <p data-testid="screensaver-event">
          {t("screensaver.nextEvent", { summary: next.summary, when: whenText(next, now, locale) })}
        </p>
      )}
    </div>
  );
}
