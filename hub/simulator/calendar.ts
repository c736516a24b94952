import { CALENDAR_EVENTS_TOPIC, type CalendarEvent } from "../../contract/calendar";
import type { BrokerLink } from "../broker/link";

/** How often the demo calendar is republished (its events are relative to today), ms. */
export const DEMO_CALENDAR_REFRESH_MS = 60 * 60_000;

/** Local time `days` from the day of `now` at `hour`:`minute`. */
function at(now: Date, days: number, hour: number, minute = 0): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hour, minute);
}

/**
 * The demo household's calendar around `now`, shaped after iCalendar VEVENTs (UID,
 * SUMMARY, DTSTART, DTEND, LOCATION; an all-day event has a DATE start): an event on now, rubbish
 * collection tomorrow morning, a dentist, a birthday all day and a meeting. Pure.
 */
export function demoCalendar(now: Date): CalendarEvent[] {
  const event = (
    uid: string,
    summary: string,
    start: Date,
    end?: Date,
    extra: Partial<CalendarEvent> = {},
  ): CalendarEvent => ({
    uid: `${uid}@demo.household`,
    summary,
    dtstart: start.toISOString(),
    ...(end ? { dtend: end.toISOString() } : {}),
    ...extra,
  });
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  return [
    event("pranie", "Pranie w pralce", hourAgo, new Date(now.getTime() + 30 * 60_000), { location: "Łazienka" }),
    event("smieci", "Wywóz śmieci", at(now, 1, 6, 30)),
    event("dentysta", "Dentysta — Ania", at(now, 2, 15, 30), at(now, 2, 16, 15), { location: "ul. Długa 5" }),
    event("urodziny", "Urodziny babci", at(now, 3, 0), at(now, 4, 0), { allDay: true }),
    event("zebranie", "Zebranie wspólnoty", at(now, 5, 18), at(now, 5, 19, 30), { location: "Świetlica" }),
  ];
}

/**
 * Publishes the demo calendar retained on `calendar/events` (the topic a household's calendar
 * bridge would fill) now and every {@link DEMO_CALENDAR_REFRESH_MS}. Returns stop.
 */
export function startDemoCalendar(link: BrokerLink): { stop(): void } {
  const publish = () =>
    link.publish(CALENDAR_EVENTS_TOPIC, JSON.stringify(demoCalendar(new Date())), { retain: true, qos: 0 });
  publish();
  const timer = setInterval(publish, DEMO_CALENDAR_REFRESH_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
