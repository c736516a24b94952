import type { Strings } from "../../../shared/i18n";
import type { pl } from "./pl";

/** English texts of the chart of the day (the same keys as the Polish ones; a separate chunk). */
export const en: Strings<typeof pl> = {
  history: {
    title: "Chart of the day: {{kind}}, {{label}}",
    close: "Close",
    today: "Today",
    pickDay: "Pick a day",
    previousMonth: "Previous month",
    nextMonth: "Next month",
    min: "Lowest",
    max: "Highest",
    current: "Now",
    loading: "Loading history…",
    failed: "Could not load the history.",
    retry: "Try again",
    empty: "No readings recorded on this day. The hub records readings as the sensor sends them.",
    chartLabel: "Chart: {{kind}}, {{label}}; lowest {{min}}, highest {{max}}",
  },
};
