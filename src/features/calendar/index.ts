/** What the calendar feature shares: the home screen's list of upcoming events. */
export { CalendarList } from "./components/CalendarList";
export { upcomingEventsAtom } from "./atoms";
export type { UpcomingEvent } from "./upcoming";
