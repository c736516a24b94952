import {
  CALENDARS_PATH,
  CalendarAnswerSchema,
  CalendarDeletedAnswerSchema,
  CalendarsAnswerSchema,
  calendarFetchPath,
  calendarPath,
  type CalendarAddBody,
  type CalendarEditBody,
  type CalendarView,
} from "../../../contract/calendar";
import type { ApiClient } from "../../lib/api/client";

/** `GET /calendars` on the general base: the household's calendars (addresses masked). Errors: ApiError. */
export async function fetchCalendars(general: ApiClient): Promise<CalendarView[]> {
  return (await general.get(CALENDARS_PATH, { schema: CalendarsAnswerSchema })).data.items;
}

/**
 * `POST /calendars`: adds a calendar; resolves after the hub's first fetch with the calendar as it is
 * then (its `error` when that fetch failed). Errors: ApiError (BAD_REQUEST naming the field, LIMIT_REACHED).
 */
export async function addCalendar(general: ApiClient, body: CalendarAddBody): Promise<CalendarView> {
  return (await general.post(CALENDARS_PATH, { json: body, schema: CalendarAnswerSchema })).data.item;
}

/** `PATCH /calendars/{id}`: changes label, colour, address or enabled. Errors: ApiError (NOT_FOUND, BAD_REQUEST). */
export async function editCalendar(general: ApiClient, id: string, body: CalendarEditBody): Promise<CalendarView> {
  return (await general.patch(calendarPath(id), { json: body, schema: CalendarAnswerSchema })).data.item;
}

/** `DELETE /calendars/{id}`: removes the calendar and its events. Errors: ApiError (NOT_FOUND). */
export async function removeCalendar(general: ApiClient, id: string): Promise<void> {
  await general.delete(calendarPath(id), { schema: CalendarDeletedAnswerSchema });
}

/** `POST /calendars/{id}/fetch`: fetches it now; resolves with the calendar after the fetch. Errors: ApiError. */
export async function fetchCalendarNow(general: ApiClient, id: string): Promise<CalendarView> {
  return (await general.post(calendarFetchPath(id), { schema: CalendarAnswerSchema })).data.item;
}
