import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import {
  AUTOMATION_ROUTE,
  AUTOMATION_RUN_ROUTE,
  AUTOMATION_RUNS_ROUTE,
  AUTOMATIONS_PATH,
  AutomationBodySchema,
  AutomationIdSchema,
  AutomationPatchSchema,
  type AutomationAnswer,
  type AutomationDeletedAnswer,
  type AutomationRunAnswer,
  type AutomationRunsAnswer,
  type AutomationsAnswer,
} from "../../contract/automations";
import { HubError } from "../core/errors";
import { parseBody } from "../http/body";
import type { AutomationService } from "./service";

/** The automation id of a path, or 404 NOT_FOUND when it cannot be one. */
function automationId(id: string): string {
  if (!v.is(AutomationIdSchema, id)) throw new HubError("NOT_FOUND", "no such automation");
  return id;
}

/**
 * The automations' routes on the general base (spec §7; docs/contract.md "Automations"; shapes in
 * contract/automations.ts): `GET /automation` (our addition) `{items}`, `POST
 * /automation` `{item}`, `PATCH /automation/{id}` `{item}`, `DELETE /automation/{id}` `{item:{id}}`,
 * `POST /automation/{id}/run` `{item: run}`, `GET /automation/{id}/runs` (our addition) `{items}`.
 * Unknown id 404; a bad body or a reference the household does not have 400 naming the field; a
 * create past the household's cap (MAX_AUTOMATIONS) 409 LIMIT_REACHED `{limit}`.
 */
export function automationsRoutes({ automations }: { automations: AutomationService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(AUTOMATIONS_PATH, async () => ({ items: automations.list() }) satisfies AutomationsAnswer);

    app.post(
      AUTOMATIONS_PATH,
      async (request) =>
        ({ item: automations.create(parseBody(AutomationBodySchema, request.body)) }) satisfies AutomationAnswer,
    );

    app.patch<{ Params: { id: string } }>(AUTOMATION_ROUTE, async (request) => {
      const id = automationId(request.params.id);
      return { item: automations.patch(id, parseBody(AutomationPatchSchema, request.body)) } satisfies AutomationAnswer;
    });

    app.delete<{ Params: { id: string } }>(AUTOMATION_ROUTE, async (request) => {
      const id = automationId(request.params.id);
      automations.remove(id);
      return { item: { id } } satisfies AutomationDeletedAnswer;
    });

    app.post<{ Params: { id: string } }>(
      AUTOMATION_RUN_ROUTE,
      async (request) =>
        ({ item: await automations.run(automationId(request.params.id), "manual") }) satisfies AutomationRunAnswer,
    );

    app.get<{ Params: { id: string } }>(
      AUTOMATION_RUNS_ROUTE,
      async (request) => ({ items: automations.runs(automationId(request.params.id)) }) satisfies AutomationRunsAnswer,
    );
  };
}
