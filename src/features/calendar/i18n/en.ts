import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/** English texts of the calendar (the same keys as the Polish ones; a separate chunk). */
export const en: Strings<typeof pl> = {
  calendar: {
    heading: "Calendar",
    none: "No upcoming events",
    noneHint: "Events come from the household's calendar (topic calendar/events).",
    now: "Now",
    allDay: "all day",
  },
};
