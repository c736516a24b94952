/** What the calendar feature shares (issue 13): the home screen's list of upcoming events. */
export { CalendarList } from "./components/CalendarList";
