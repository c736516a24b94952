import type { ApiClient, ApiResult } from "../../lib/api/client";
import {
  SWITCHES_PATH,
  SWITCHES_RELOAD_PATH,
  SwitchAnswerSchema,
  SwitchSetAnswerSchema,
  switchConfigPath,
  switchSetPath,
  type SwitchConfigBody,
  type SwitchSetAnswer,
  type SwitchSetBody,
} from "../../../contract/switches";
import {
  TasmotaConsoleAnswerSchema,
  tasmotaConsolePath,
  type TasmotaConsoleAnswer,
  type TasmotaConsoleBody,
} from "../../../contract/tasmota-console";
import { SwitchesResponseSchema, type Switch } from "./schemas";

/** GET /config/switches on the general base (spec §7): switch definitions. Errors: ApiError. */
export async function fetchSwitches(general: ApiClient): Promise<ApiResult<Switch[]>> {
  const result = await general.get(SWITCHES_PATH, { schema: SwitchesResponseSchema });
  return { ...result, data: result.data.items };
}

/**
 * GET /config/switches/{id} on the general base (spec §7): switch `name`'s definition as the hub has
 * it now (household file plus stored edits). Errors: ApiError (`NOT_FOUND` for an unknown switch).
 */
export async function fetchSwitch(general: ApiClient, name: string): Promise<Switch> {
  return (await general.get(switchConfigPath(name), { schema: SwitchAnswerSchema })).data.item;
}

/**
 * POST /config/switches/reload on the general base (spec §7): the hub's switch definitions again, as
 * GET /config/switches now answers them. On the task queue (spec §7), never retried. Errors: ApiError.
 */
export async function reloadSwitches(general: ApiClient): Promise<Switch[]> {
  return (await general.post(SWITCHES_RELOAD_PATH, { queue: "task", json: {}, schema: SwitchesResponseSchema })).data
    .items;
}

/**
 * POST /switch/{id}/set on the general base (spec §7): asks the hub to set relay `relay` (0 = the
 * device's plain POWER) of switch `name` to `state`. Resolves when the hub has sent the command;
 * the new state arrives on the live channel. Errors: ApiError (`DEVICE_UNREACHABLE` when the hub
 * cannot reach the broker, `NOT_FOUND`, `BAD_REQUEST`).
 * On the helper queue (spec §7): one device command at a time, never retried.
 */
export async function setSwitch(
  general: ApiClient,
  name: string,
  relay: number,
  state: "ON" | "OFF",
): Promise<ApiResult<SwitchSetAnswer>> {
  return general.post(switchSetPath(name), {
    queue: "helper",
    json: { relay, state } satisfies SwitchSetBody,
    schema: SwitchSetAnswerSchema,
  });
}

/**
 * PATCH /config/switches/{id} on the general base (spec §7): changes switch `name`'s label and/or
 * purpose (null or "" clears it); resolves with the definition as the hub now answers it. Errors: ApiError.
 */
export async function editSwitch(
  general: ApiClient,
  name: string,
  config: SwitchConfigBody["config"],
): Promise<ApiResult<Switch>> {
  const result = await general.patch(switchConfigPath(name), {
    json: { config } satisfies SwitchConfigBody,
    schema: SwitchAnswerSchema,
  });
  return { ...result, data: result.data.item };
}

/**
 * POST /config/switches/{id}/tasmota/cmd on the general base (spec §7): runs console line `cmd` on
 * switch `name`'s Tasmota device, with the session's `pin` (a number) when the line needs it;
 * resolves with the command, the answering topic and the device's answer (`response`). Errors:
 * ApiError (`BAD_REQUEST` for a refused line, `PIN_REQUIRED` with `commands` for a line that needs
 * the PIN, `AUTH_BAD_PIN` / `AUTH_PIN_DELAY` / `AUTH_SESSION_REVOKED` for a PIN not accepted,
 * `DEVICE_NO_ANSWER`, `DEVICE_UNREACHABLE`, `DEVICE_BUSY`, `NOT_FOUND`).
 * On the task queue (spec §7, two at a time): a long task.
 */
export async function runTasmotaCommand(
  general: ApiClient,
  name: string,
  cmd: string,
  pin?: number,
): Promise<ApiResult<TasmotaConsoleAnswer["item"]>> {
  const json: TasmotaConsoleBody = pin === undefined ? { cmd } : { cmd, pin };
  const result = await general.post(tasmotaConsolePath(name), {
    queue: "task",
    json,
    schema: TasmotaConsoleAnswerSchema,
  });
  return { ...result, data: result.data.item };
}
