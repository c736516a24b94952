import type { ApiClient, ApiResult } from "../../lib/api/client";
import {
  AUTOMATIONS_PATH,
  AutomationAnswerSchema,
  AutomationDeletedAnswerSchema,
  AutomationRunAnswerSchema,
  AutomationsAnswerSchema,
  automationPath,
  automationRunPath,
  type Automation,
  type AutomationBody,
  type AutomationPatch,
  type AutomationRun,
} from "../../../contract/automations";

/** GET /automation on the general base (our addition): every automation with its last run. Errors: ApiError. */
export async function fetchAutomations(general: ApiClient): Promise<ApiResult<Automation[]>> {
  const result = await general.get(AUTOMATIONS_PATH, { schema: AutomationsAnswerSchema });
  return { ...result, data: result.data.items };
}

/** POST /automation (spec §7): stores a new automation. Errors: ApiError (`BAD_REQUEST` naming the field; `LIMIT_REACHED` `{limit}` at the household's cap). */
export async function createAutomation(general: ApiClient, body: AutomationBody): Promise<Automation> {
  return (await general.post(AUTOMATIONS_PATH, { json: body, schema: AutomationAnswerSchema })).data.item;
}

/** PATCH /automation/{id} (spec §7): changes the given fields. Errors: ApiError (`NOT_FOUND`, `BAD_REQUEST`). */
export async function patchAutomation(general: ApiClient, id: string, patch: AutomationPatch): Promise<Automation> {
  return (await general.patch(automationPath(id), { json: patch, schema: AutomationAnswerSchema })).data.item;
}

/** DELETE /automation/{id} (spec §7). Errors: ApiError (`NOT_FOUND`). */
export async function deleteAutomation(general: ApiClient, id: string): Promise<void> {
  await general.delete(automationPath(id), { schema: AutomationDeletedAnswerSchema });
}

/** POST /automation/{id}/run (spec §7): runs it now; resolves with the recorded run once every action ended. Errors: ApiError. On the helper queue (spec §7): one device command at a time, never retried. */
export async function runAutomation(general: ApiClient, id: string): Promise<AutomationRun> {
  return (await general.post(automationRunPath(id), { queue: "helper", json: {}, schema: AutomationRunAnswerSchema }))
    .data.item;
}
