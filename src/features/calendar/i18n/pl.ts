/** Polish texts of the calendar on the home screen (merged and typed in src/app/i18n). Entry chunk. */
export const pl = {
  calendar: {
    heading: "Kalendarz",
    none: "Brak nadchodzących wydarzeń",
    noneHint: "Wydarzenia przychodzą z kalendarza domu (temat calendar/events).",
    now: "Trwa",
    allDay: "cały dzień",
  },
} as const;
