import * as v from "valibot";
import {
  CALENDAR_LABEL_MAX,
  CALENDAR_URL_MAX,
  CalendarColourSchema,
  CalendarUrlSchema,
  type CalendarAddBody,
} from "../../../contract/calendar";

/** The add-calendar form's values as typed. */
export type CalendarFormValues = { label: string; url: string; colour: string };

/** Colours offered first (the field takes any #rrggbb). */
export const CALENDAR_COLOURS = ["#e91e63", "#2196f3", "#4caf50", "#ff9800", "#9c27b0", "#00bcd4"] as const;

/**
 * The form's schema: the contract's rules with the messages as i18n keys (`calendar.settings.errors.*`),
 * so each field shows its reason in the user's language.
 */
export const calendarFormSchema = v.pipe(
  v.object({
    label: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, "calendar.settings.errors.labelRequired"),
      v.maxLength(CALENDAR_LABEL_MAX, "calendar.settings.errors.labelLong"),
    ),
    url: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, "calendar.settings.errors.urlRequired"),
      v.maxLength(CALENDAR_URL_MAX, "calendar.settings.errors.urlInvalid"),
      v.check((text) => v.is(CalendarUrlSchema, text), "calendar.settings.errors.urlInvalid"),
    ),
    colour: v.pipe(
      v.string(),
      v.check((text) => v.is(CalendarColourSchema, text), "calendar.settings.errors.colour"),
    ),
  }),
  v.transform((values): CalendarAddBody => ({ ...values, enabled: true })),
);
