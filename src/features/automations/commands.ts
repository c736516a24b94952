import { ApiError } from "../../lib/api/errors";
import {
  automationPath,
  automationRunPath,
  AUTOMATIONS_PATH,
  type Automation,
  type AutomationBody,
  type AutomationRun,
} from "../../../contract/automations";
import { LIMIT_REACHED } from "../../../contract/errors";
import { commandAtom } from "../../platform/commands";
import { createAutomation, deleteAutomation, patchAutomation, runAutomation } from "./api";
import { automationsAtom, withAutomation, withRun } from "./atoms";

/** What saving the editor sends: a new automation (no id) or the whole definition of an existing one. */
export type AutomationSave = { id?: string | undefined; body: AutomationBody };

/** i18n key of a failed save's toast: the household's cap reached (`409 LIMIT_REACHED`), else `automations.saveFailed`. */
export function saveFailureKey(error: unknown): string {
  return error instanceof ApiError && error.code === LIMIT_REACHED
    ? "automations.limitReachedToast"
    : "automations.saveFailed";
}

/**
 * Saves an automation (spec §7 `POST /automation` or `PATCH /automation/{id}`; DESIGN §4a command),
 * pending under `automation:<id>` (`automation:new` for a new one); the hub's answer goes into the
 * list. A 400 fails the command with the ApiError, whose message names the field (the editor shows it);
 * a 409 LIMIT_REACHED (the household holds the most automations it may) toasts {@link saveFailureKey}'s text.
 */
export const saveAutomationCommand = commandAtom<AutomationSave, Automation>({
  target: ({ id }) => `automation:${id ?? "new"}`,
  request: ({ id }) =>
    id === undefined ? { method: "POST", path: AUTOMATIONS_PATH } : { method: "PATCH", path: automationPath(id) },
  failureKey: saveFailureKey,
  run: async ({ api, set }, { id, body }) => {
    const saved =
      id === undefined ? await createAutomation(api.general, body) : await patchAutomation(api.general, id, body);
    set(automationsAtom, (list) => withAutomation(list, saved));
    return saved;
  },
});

/** Turns an automation on or off (`PATCH /automation/{id}` `{enabled}`), pending under `automation:<id>`. */
export const setAutomationEnabledCommand = commandAtom<{ id: string; enabled: boolean }, void>({
  target: ({ id }) => `automation:${id}`,
  request: ({ id }) => ({ method: "PATCH", path: automationPath(id) }),
  run: async ({ api, set }, { id, enabled }) => {
    const saved = await patchAutomation(api.general, id, { enabled });
    set(automationsAtom, (list) => withAutomation(list, saved));
  },
});

/** Deletes an automation (`DELETE /automation/{id}`, after the user confirmed), pending under `automation:<id>`. */
export const deleteAutomationCommand = commandAtom<{ id: string }, void>({
  target: ({ id }) => `automation:${id}`,
  request: ({ id }) => ({ method: "DELETE", path: automationPath(id) }),
  run: async ({ api, set }, { id }) => {
    await deleteAutomation(api.general, id);
    set(automationsAtom, (list) => list?.filter((item) => item.id !== id) ?? list);
  },
});

/**
 * Runs an automation now ('Uruchom', `POST /automation/{id}/run`), pending under `automation-run:<id>`
 * until every action ended; the run (with its outcome per action) becomes the list's last run.
 */
export const runAutomationCommand = commandAtom<{ id: string }, AutomationRun>({
  target: ({ id }) => `automation-run:${id}`,
  request: ({ id }) => ({ method: "POST", path: automationRunPath(id) }),
  run: async ({ api, set }, { id }) => {
    const run = await runAutomation(api.general, id);
    set(automationsAtom, (list) => withRun(list, id, run));
    return run;
  },
});
