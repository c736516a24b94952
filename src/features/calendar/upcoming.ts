import type { CalendarEvent } from "../../../contract/calendar";
import { comparePolish } from "../../shared/collation";

/** How many events the home screen lists. */
export const UPCOMING_LIMIT = 5;

/** An event with its times parsed (epoch ms) and whether it is on now. */
export type UpcomingEvent = CalendarEvent & { start: number; end: number; ongoing: boolean };

/** The end of an event, epoch ms: `dtend`, else the end of the start's day for an all-day event, else its start. */
function endOf(event: CalendarEvent, start: number): number {
  if (event.dtend !== undefined) {
    const end = Date.parse(event.dtend);
    if (Number.isFinite(end) && end >= start) return end;
  }
  if (event.allDay) {
    const day = new Date(start);
    return new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1).getTime();
  }
  return start;
}

/**
 * The events still to come or on now at `now` (epoch ms), upcoming first (spec §3 "calendar events"):
 * sorted by start, then summary; finished ones dropped; at most `limit`. Pure.
 */
export function upcomingEvents(events: readonly CalendarEvent[], now: number, limit = UPCOMING_LIMIT): UpcomingEvent[] {
  return events
    .map((event) => {
      const start = Date.parse(event.dtstart);
      const end = endOf(event, start);
      return { ...event, start, end, ongoing: start <= now && now < end };
    })
    .filter((event) => Number.isFinite(event.start) && (event.end > now || event.start >= now))
    .sort((a, b) => a.start - b.start || comparePolish(a.summary, b.summary))
    .slice(0, limit);
}
