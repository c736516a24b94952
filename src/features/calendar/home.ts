/** Home's section of the calendar feature (its `home` in feature.ts; loaded by the home route). */
export { CalendarList as HomeSection } from "./components/CalendarList";
