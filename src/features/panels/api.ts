import type { ApiClient } from "../../lib/api/client";
import {
  PANEL_COMMANDS_PATH,
  PANEL_REGISTER_PATH,
  PANELS_PATH,
  PanelAnswerSchema,
  PanelCommandsAnswerSchema,
  PanelRegisterAnswerSchema,
  PanelsAnswerSchema,
  panelPath,
  panelReportPath,
  type Panel,
  type PanelCommandsBody,
  type PanelPatchBody,
  type PanelReport,
} from "../../../contract/panels";
import * as v from "valibot";

/** GET /panels: the household's panels, by name. Errors: ApiError. */
export async function fetchPanels(general: ApiClient): Promise<Panel[]> {
  return (await general.get(PANELS_PATH, { schema: PanelsAnswerSchema })).data.items;
}

/**
 * POST /panels/register: this session's browser is panel `id` (made when new, named `name`, else
 * after the session); answers the panel (its `lastSeenAt` is the hub's clock at registration) and, on
 * a household Mosquitto, `mqttClientId`: the panel's command channel, the MQTT client id its live
 * channel connects with to receive its commands. Errors: ApiError.
 */
export async function registerPanel(
  general: ApiClient,
  id: string,
  name?: string,
): Promise<{ panel: Panel; mqttClientId: string | null }> {
  const json = name === undefined ? { id } : { id, name };
  const { mqttClientId, ...panel } = (
    await general.post(PANEL_REGISTER_PATH, { json, schema: PanelRegisterAnswerSchema })
  ).data.item;
  return { panel, mqttClientId: mqttClientId ?? null };
}

/** PATCH /panels/{id}: name, room (null clears), profile. Errors: ApiError (`NOT_FOUND`, `BAD_REQUEST`). */
export async function patchPanel(general: ApiClient, id: string, patch: PanelPatchBody): Promise<Panel> {
  return (await general.patch(panelPath(id), { json: patch, schema: PanelAnswerSchema })).data.item;
}

/** DELETE /panels/{id}. Errors: ApiError (`NOT_FOUND`). */
export async function deletePanel(general: ApiClient, id: string): Promise<void> {
  await general.delete(panelPath(id), { schema: v.unknown() });
}

/** POST /panels/{id}/report: this panel's report (204). Errors: ApiError (`PANEL_NOT_YOURS`, `NOT_FOUND`). */
export async function reportPanel(general: ApiClient, id: string, report: PanelReport): Promise<void> {
  await general.post(panelReportPath(id), { json: report, schema: v.unknown() });
}

/** POST /panels/commands: sends a command to a panel, a room's panels or all; answers how many it went to. */
export async function sendPanelCommand(general: ApiClient, body: PanelCommandsBody): Promise<number> {
  return (await general.post(PANEL_COMMANDS_PATH, { json: body, schema: PanelCommandsAnswerSchema })).data.item.sent;
}
