import { atom } from "jotai";
import { CALENDAR_EVENTS_TOPIC, CalendarEventsPayloadSchema, type CalendarEvent } from "../../../contract/calendar";
import { nowAtom } from "../../platform/clock/atoms";
import { liveFamily } from "../../platform/live/family";
import { upcomingEvents, type UpcomingEvent } from "./upcoming";

const calendarTopic = liveFamily({
  pattern: CALENDAR_EVENTS_TOPIC,
  schema: CalendarEventsPayloadSchema,
  map: (events): readonly CalendarEvent[] => events,
});

/** Compares two lists by what the home screen shows, so an unchanged minute keeps the same array. */
function sameList(a: readonly UpcomingEvent[], b: readonly UpcomingEvent[]): boolean {
  return (
    a.length === b.length &&
    a.every((e, i) => e.uid === b[i]?.uid && e.ongoing === b[i]?.ongoing && e.start === b[i]?.start)
  );
}

let previous: readonly UpcomingEvent[] = [];

/**
 * The calendar's upcoming events (spec §3 "calendar events" on the live channel, `calendar/events`,
 * validated with CalendarEventsPayloadSchema): upcoming first, at most five, null before the topic
 * arrives (or when its payload is malformed). Keeps its identity while nothing shown changed.
 */
export const upcomingEventsAtom = atom((get): readonly UpcomingEvent[] | null => {
  const events = get(calendarTopic());
  if (events === null) return null;
  const next = upcomingEvents(events, get(nowAtom));
  if (sameList(previous, next)) return previous;
  previous = next;
  return next;
});
