import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import {
  CalendarAddBodySchema,
  CalendarEditBodySchema,
  CALENDARS_PATH,
  type CalendarAnswer,
  type CalendarDeletedAnswer,
  type CalendarsAnswer,
} from "../../contract/calendar";
import { HubError } from "../core/errors";
import { parseBody } from "../http/body";
import type { CalendarService } from "./service";

const ROUTE = `${CALENDARS_PATH}/:id`;
const IdSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{8}$/));

/** A calendar id from the path. @throws HubError NOT_FOUND when it cannot be one */
function calendarId(id: string): string {
  if (!v.is(IdSchema, id)) throw new HubError("NOT_FOUND", "no such calendar");
  return id;
}

/**
 * The household's calendars on the general base (docs/contract.md "Calendars", contract/calendar.ts):
 * `GET /calendars`, `POST /calendars` (answers after its first fetch), `PATCH /calendars/{id}`,
 * `DELETE /calendars/{id}`, `POST /calendars/{id}/fetch` (fetches now, answers after it).
 * Addresses are answered masked (CalendarView.address).
 */
export function calendarRoutes({ calendars }: { calendars: CalendarService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(CALENDARS_PATH, async () => ({ items: calendars.list() }) satisfies CalendarsAnswer);

    app.post(CALENDARS_PATH, async (request) => {
      const body = parseBody(CalendarAddBodySchema, request.body);
      return { item: await calendars.add(body) } satisfies CalendarAnswer;
    });

    app.patch<{ Params: { id: string } }>(ROUTE, async (request) => {
      const id = calendarId(request.params.id);
      return {
        item: await calendars.edit(id, parseBody(CalendarEditBodySchema, request.body)),
      } satisfies CalendarAnswer;
    });

    app.delete<{ Params: { id: string } }>(ROUTE, async (request) => {
      const id = calendarId(request.params.id);
      calendars.remove(id);
      return { item: { id } } satisfies CalendarDeletedAnswer;
    });

    app.post<{ Params: { id: string } }>(`${ROUTE}/fetch`, async (request) => {
      const id = calendarId(request.params.id);
      return { item: await calendars.fetchNow(id) } satisfies CalendarAnswer;
    });
  };
}
