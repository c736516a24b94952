import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import {
  PANEL_COMMANDS_PATH,
  PANEL_REGISTER_PATH,
  PANEL_REPORT_ROUTE,
  PANEL_ROUTE,
  PANELS_PATH,
  PanelCommandsBodySchema,
  PanelIdSchema,
  PanelNameSchema,
  PanelPatchBodySchema,
  PanelRegisterBodySchema,
  PanelReportSchema,
  type PanelAnswerSchema,
  type PanelCommandsAnswerSchema,
  type PanelRegisterAnswerSchema,
  type PanelsAnswerSchema,
} from "../../contract/panels";
import { HubError } from "../core/errors";
import { parseBody } from "../http/body";
import { sessionOf } from "../http/session-guard";
import type { PanelsService } from "./service";

type PanelAnswer = v.InferOutput<typeof PanelAnswerSchema>;
type PanelsAnswer = v.InferOutput<typeof PanelsAnswerSchema>;
type PanelCommandsAnswer = v.InferOutput<typeof PanelCommandsAnswerSchema>;
type PanelRegisterAnswer = v.InferOutput<typeof PanelRegisterAnswerSchema>;

/** The panel id of a path, or 404 NOT_FOUND when it cannot be one. */
function panelId(id: string): string {
  if (!v.is(PanelIdSchema, id)) throw new HubError("NOT_FOUND", "no such panel");
  return id;
}

/** A panel's default name: the session's name when it makes one, else 'Panel'. */
function defaultName(sessionName: string): string {
  const name = v.safeParse(PanelNameSchema, sessionName.slice(0, 60));
  return name.success ? name.output : "Panel";
}

/**
 * The panels' routes on the general base (docs/contract.md "Panels"; shapes in contract/panels.ts):
 * `GET /panels` `{items}`; `POST /panels/register` `{id, name?}` `{item}` (this session's browser
 * is panel `id`, with its `mqttClientId` on a household Mosquitto; past MAX_PANELS the panel seen
 * longest ago is forgotten); `PATCH /panels/{id}` `{item}` and
 * `DELETE /panels/{id}` 204 from any unlocked session of the household; `POST /panels/{id}/report`
 * 204 from the panel's own session only (403 PANEL_NOT_YOURS otherwise; a locked session may
 * report); `POST /panels/commands` 202 `{item: {sent}}`. Unknown panel 404; a bad body 400 naming
 * the field.
 */
export function panelsRoutes({ panels }: { panels: PanelsService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(PANELS_PATH, async () => ({ items: panels.list() }) satisfies PanelsAnswer);

    app.post(PANEL_REGISTER_PATH, async (request) => {
      const body = parseBody(PanelRegisterBodySchema, request.body);
      const session = sessionOf(request);
      return {
        item: panels.register(body.id, session.id, body.name, defaultName(session.sessionName)),
      } satisfies PanelRegisterAnswer;
    });

    app.post(PANEL_COMMANDS_PATH, async (request, reply) => {
      const body = parseBody(PanelCommandsBodySchema, request.body);
      const sent = await panels.send(body.target, body.command);
      return reply.code(202).send({ item: { sent } } satisfies PanelCommandsAnswer);
    });

    app.patch<{ Params: { panelId: string } }>(PANEL_ROUTE, async (request) => {
      const id = panelId(request.params.panelId);
      return { item: panels.patch(id, parseBody(PanelPatchBodySchema, request.body)) } satisfies PanelAnswer;
    });

    app.delete<{ Params: { panelId: string } }>(PANEL_ROUTE, async (request, reply) => {
      panels.remove(panelId(request.params.panelId));
      return reply.code(204).send();
    });

    app.post(PANEL_REPORT_ROUTE, { config: { access: "allowLocked" } }, async (request, reply) => {
      const id = panelId((request.params as { panelId: string }).panelId);
      panels.report(id, sessionOf(request).id, parseBody(PanelReportSchema, request.body));
      return reply.code(204).send();
    });
  };
}
