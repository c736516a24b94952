import { useAtomValue } from "jotai";
import { CalendarDays } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatTimeOfDay, formatWeekdayDate } from "../../../shared/dateFormat";
import { upcomingEventsAtom } from "../atoms";
import "./calendar.css";

/**
 * The home screen's calendar: 'Kalendarz' with the next events from the live channel,
 * upcoming first, each with its day and time in the user's language (date-fns, not Intl) ('wtorek, 24 listopada, 06:00';
 * 'cały dzień' for all-day events), 'Trwa' on the one happening now, the location, and a dot of its
 * calendar's colour before the summary (the event's `color`, when it has one). Nothing is
 * shown until the calendar topic has arrived; an empty calendar says so.
 */
export function CalendarList() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === "en" ? "en" : "pl";
  const events = useAtomValue(upcomingEventsAtom);
  const headingId = useId();
  if (events === null) return null;
  return (
    <section className="calendar" aria-labelledby={headingId} data-testid="calendar">
      <h2 id={headingId} className="calendar__heading">
        <CalendarDays aria-hidden="true" /> {t("calendar.heading")}
      </h2>
      {events.length === 0 ? (
        <p className="calendar__none">
          {t("calendar.none")}. {t("calendar.noneHint")}
        </p>
      ) : (
        <ul className="calendar__list">
          {events.map((event) => (
            <li key={event.uid} className="calendar__event" data-ongoing={event.ongoing}>
              <span className="calendar__when">
                {formatWeekdayDate(event.start, locale)}
                {event.allDay ? `, ${t("calendar.allDay")}` : `, ${formatTimeOfDay(event.start, "2-digit")}`}
              </span>
              <span className="calendar__summary">
                {event.color !== undefined && (
                  <span className="calendar__dot" style={{ backgroundColor: event.color }} aria-hidden="true" />
                )}
                {event.summary}
              </span>
              {event.location !== undefined && <span className="calendar__location">{event.location}</span>}
              {event.ongoing && <span className="calendar__now">{t("calendar.now")}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
