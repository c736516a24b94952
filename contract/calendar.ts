/**
 * Calendar events on the live channel (spec §3 "calendar events", DESIGN §3 `calendar/events`;
 * docs/contract.md "Calendar"). The payload is a JSON array shaped after iCalendar's VEVENT
 * (RFC 5545): `uid`, `summary`, `dtstart`, `dtend`, `location`, `allDay` for a DATE-valued DTSTART.
 */
import * as v from "valibot";

/** The retained topic of the household's calendar events. */
export const CALENDAR_EVENTS_TOPIC = "calendar/events";
/** Most events the topic carries (the hub publishes the nearest ones). */
export const MAX_CALENDAR_EVENTS = 200;

const IsoTimeSchema = v.pipe(
  v.string(),
  v.check((text) => !Number.isNaN(Date.parse(text)), "must be an ISO-8601 time"),
);
const TextSchema = (max: number) =>
  // eslint-disable-next-line no-control-regex
  v.pipe(v.string(), v.minLength(1), v.maxLength(max), v.regex(/^[^\u0000-\u001f\u007f]+$/, "no control characters"));

/** One event (VEVENT): `uid`, `summary` (plain text), `dtstart`/`dtend` ISO-8601, optional `location`, `allDay`. */
export const CalendarEventSchema = v.object({
  uid: TextSchema(200),
  summary: TextSchema(200),
  dtstart: IsoTimeSchema,
  dtend: v.optional(IsoTimeSchema),
  location: v.optional(TextSchema(200)),
  allDay: v.optional(v.boolean()),
});
export type CalendarEvent = v.InferOutput<typeof CalendarEventSchema>;

/** The payload of `calendar/events`: at most {@link MAX_CALENDAR_EVENTS} events, any order. */
export const CalendarEventsPayloadSchema = v.pipe(v.array(CalendarEventSchema), v.maxLength(MAX_CALENDAR_EVENTS));
export type CalendarEventsPayload = v.InferOutput<typeof CalendarEventsPayloadSchema>;
