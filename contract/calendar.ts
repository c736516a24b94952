/**
 * Calendar events on the live channel (spec §3 "calendar events", DESIGN §3 `calendar/events`;
 * docs/contract.md "Calendar"). The payload is a JSON array shaped after iCalendar's VEVENT
 * (RFC 5545): `uid`, `summary`, `dtstart`, `dtend`, `location`, `allDay` for a DATE-valued DTSTART,
 * and optionally the household calendar it comes from (`calendar`, its id) and its colour (`color`).
 */
import * as v from "valibot";
import { itemOf, itemsOf } from "./envelope";

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
  /** The id of the household calendar it comes from (absent: an older hub or the demo). */
  calendar: v.optional(v.pipe(v.string(), v.maxLength(64))),
  /** That calendar's colour, `#rrggbb`. */
  color: v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/))),
});
export type CalendarEvent = v.InferOutput<typeof CalendarEventSchema>;

/** The payload of `calendar/events`: at most {@link MAX_CALENDAR_EVENTS} events, any order. */
export const CalendarEventsPayloadSchema = v.pipe(v.array(CalendarEventSchema), v.maxLength(MAX_CALENDAR_EVENTS));
export type CalendarEventsPayload = v.InferOutput<typeof CalendarEventsPayloadSchema>;

/**
 * The household's calendars (ICS subscriptions), kept by the hub's calendar domain (hub/calendar/,
 * docs/contract.md "Calendars"): `GET /calendars` lists them, `POST /calendars` adds one,
 * `PATCH /calendars/{id}` edits one, `DELETE /calendars/{id}` removes one and
 * `POST /calendars/{id}/fetch` fetches one now; all on the general base. The hub stores them in its
 * own table (`calendars`, the household's setting key {@link CALENDARS_SETTING}); an address is never
 * answered in full, only {@link CalendarView.address} (scheme and host, the rest masked).
 */
export const CALENDARS_PATH = "/calendars";
/** The name the household's calendars are kept under in the hub (its SQLite table and this contract). */
export const CALENDARS_SETTING = "calendars";
/** `PATCH` / `DELETE /calendars/{id}`. */
export function calendarPath(id: string): string {
  return `${CALENDARS_PATH}/${encodeURIComponent(id)}`;
}
/** `POST /calendars/{id}/fetch`: fetch that calendar now (answers when it is done). */
export function calendarFetchPath(id: string): string {
  return `${calendarPath(id)}/fetch`;
}
/** Most calendars a household keeps (a further `POST /calendars` answers 409 LIMIT_REACHED). */
export const MAX_CALENDARS = 20;
/** Largest ICS file the hub reads, bytes (5 MB): a larger one is refused (`too_large`). */
export const MAX_ICS_BYTES = 5 * 1024 * 1024;
/** Longest calendar label, characters. */
export const CALENDAR_LABEL_MAX = 40;
/** Longest ICS address, characters. */
export const CALENDAR_URL_MAX = 2000;

/** A calendar's colour: `#rrggbb`. */
export const CalendarColourSchema = v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, "must be a colour #rrggbb"));

/** A calendar's label: 1..{@link CALENDAR_LABEL_MAX} characters after trimming, no control characters. */
export const CalendarLabelSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, "must not be empty"),
  v.maxLength(CALENDAR_LABEL_MAX),
  // eslint-disable-next-line no-control-regex
  v.regex(/^[^\u0000-\u001f\u007f]+$/, "no control characters"),
);

/**
 * An ICS address: an absolute `http:` or `https:` URL (Google's secret address in iCal format,
 * Nextcloud's or iCloud's public link; `webcal:` is read as `https:`), at most
 * {@link CALENDAR_URL_MAX} characters. It may carry credentials (user:password@, a secret path or
 * token): the hub keeps it and never answers it in full.
 */
export const CalendarUrlSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(CALENDAR_URL_MAX),
  v.transform((text) => text.replace(/^webcals?:\/\//i, "https://")),
  v.check((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, "must be an http or https address"),
);

/**
 * Why a calendar's last fetch failed (the dashboard words each in Polish): `unreachable` (no
 * connection, DNS), `timeout`, `http` (an answer other than 200/304: `status`), `redirects` (more than
 * the hub follows, or to another scheme), `too_large` (over {@link MAX_ICS_BYTES}), `binary` (not
 * UTF-8 text), `not_ics` (no VCALENDAR), `line_too_long`, `too_deep` (components nested too deep),
 * `too_many_events`, `too_many_recurrences` (expanding the rules took more than the hub's bound),
 * `invalid` (the parser refused it).
 */
export const CALENDAR_ERROR_CODES = [
  "unreachable",
  "timeout",
  "http",
  "redirects",
  "too_large",
  "binary",
  "not_ics",
  "line_too_long",
  "too_deep",
  "too_many_events",
  "too_many_recurrences",
  "invalid",
] as const;
export type CalendarErrorCode = (typeof CALENDAR_ERROR_CODES)[number];

/** A calendar's last failure: its code, when, and the HTTP status for `http`. */
export const CalendarErrorSchema = v.object({
  code: v.picklist(CALENDAR_ERROR_CODES),
  at: IsoTimeSchema,
  status: v.optional(v.number()),
});
export type CalendarError = v.InferOutput<typeof CalendarErrorSchema>;

/**
 * A household calendar as the hub answers it: `id`, `label`, `colour`, `enabled`, `address` (the
 * ICS address's scheme and host with the rest masked, `https://calendar.google.com/…`), `fetchedAt`
 * (the last good fetch, whose events are shown: null before the first), `events` (how many of its
 * events are in the coming 14 days), `error` (the last fetch's failure, null when it succeeded).
 */
export const CalendarViewSchema = v.object({
  id: v.string(),
  label: v.string(),
  colour: CalendarColourSchema,
  enabled: v.boolean(),
  address: v.string(),
  fetchedAt: v.nullable(IsoTimeSchema),
  events: v.number(),
  error: v.nullable(CalendarErrorSchema),
});
export type CalendarView = v.InferOutput<typeof CalendarViewSchema>;

/** Body of `POST /calendars`: a new calendar (`enabled` defaults to true). */
export const CalendarAddBodySchema = v.strictObject({
  label: CalendarLabelSchema,
  colour: CalendarColourSchema,
  url: CalendarUrlSchema,
  enabled: v.optional(v.boolean(), true),
});
export type CalendarAddBody = v.InferInput<typeof CalendarAddBodySchema>;

/** Body of `PATCH /calendars/{id}`: the fields to change (the address only when given). */
export const CalendarEditBodySchema = v.strictObject({
  label: v.optional(CalendarLabelSchema),
  colour: v.optional(CalendarColourSchema),
  url: v.optional(CalendarUrlSchema),
  enabled: v.optional(v.boolean()),
});
export type CalendarEditBody = v.InferInput<typeof CalendarEditBodySchema>;

/** `{items: [CalendarView]}`: `GET /calendars`. */
export const CalendarsAnswerSchema = itemsOf(CalendarViewSchema);
export type CalendarsAnswer = v.InferOutput<typeof CalendarsAnswerSchema>;
/** `{item: CalendarView}`: `POST`, `PATCH` and `POST …/fetch` answer the calendar as it is now. */
export const CalendarAnswerSchema = itemOf(CalendarViewSchema);
export type CalendarAnswer = v.InferOutput<typeof CalendarAnswerSchema>;
/** `{item: {id}}`: `DELETE /calendars/{id}` removed that calendar. */
export const CalendarDeletedAnswerSchema = itemOf(v.object({ id: v.string() }));
export type CalendarDeletedAnswer = v.InferOutput<typeof CalendarDeletedAnswerSchema>;
