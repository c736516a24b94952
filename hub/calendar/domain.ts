import { defineDomain } from "../core/domain";
import { demoCalendar } from "../simulator/calendar";
import { calendarRoutes } from "./routes";
import { CalendarService } from "./service";
import { CALENDAR_MIGRATION, CalendarStore } from "./store";

/**
 * The household's calendars (docs/contract.md "Calendars", hub/README.md "Calendars"): ICS addresses
 * kept in table `calendars`, fetched on an interval (HubOptions.calendar), their coming events
 * published retained on `calendar/events`. In demo mode the demo household's calendar
 * (simulator/calendar.ts, relative to today) is published until the household enables a calendar of
 * its own; a hub without demo mode publishes only the household's calendars. Its service: the
 * CalendarService, which reads the files in its worker thread (parser.ts), ended when the domain stops.
 */
export const calendarDomain = defineDomain({
  name: "calendar",
  routes: { calendars: ["general", "generalV1"] },
  migrations: [CALENDAR_MIGRATION],
  topicRoots: ["calendar"],
  start: ({ db, link, log, options }) => {
    const calendars = new CalendarService(
      new CalendarStore(db),
      link,
      log,
      options.calendar,
      options.demo
        ? () => demoCalendar(new Date()).map((event) => ({ ...event, calendar: "demo", color: "#7cc4ff" }))
        : null,
    );
    calendars.start();
    return { service: calendars, routes: { calendars: calendarRoutes({ calendars }) }, stop: () => calendars.stop() };
  },
});
