import type { ApiClient } from "../../lib/api/client";
import {
  AcCommandAnswerSchema,
  HEATER_CONFIG_PATH,
  HeaterConfigAnswerSchema,
  acPath,
  heaterModePath,
  type AcBody,
  type AcCommandResult,
  type HeaterConfig,
  type HeaterConfigBody,
  type HeaterMode,
} from "../../../contract/climate";

/**
 * `POST heater/config/{mode}` on the general base (spec §7): the hub stores the mode and switches
 * the heater's relay. Resolves with the stored config. Rejects with ApiError (400 naming `mode`, 404).
 * On the helper queue (spec §7): one device command at a time, never retried.
 */
export async function setHeaterMode(general: ApiClient, mode: HeaterMode): Promise<HeaterConfig> {
  return (await general.post(heaterModePath(mode), { queue: "helper", schema: HeaterConfigAnswerSchema })).data.item;
}

/**
 * `PATCH heater/config` (spec §7 "body temperature or sensor"): target °C and/or the controlling
 * sensor's id. Resolves with the stored config. Rejects with ApiError (400 naming the field, 404).
 * On the helper queue (spec §7): one device command at a time, never retried.
 */
export async function patchHeaterConfig(general: ApiClient, body: HeaterConfigBody): Promise<HeaterConfig> {
  return (await general.patch(HEATER_CONFIG_PATH, { queue: "helper", schema: HeaterConfigAnswerSchema, json: body }))
    .data.item;
}

/**
 * `POST /ac/{id}` (spec §7 "body mode or targetTemperature"): resolves with the IRHVAC the hub sent;
 * the unit's new state follows on `ac/<id>`. Rejects with ApiError (400, 404, 409 DEVICE_UNREACHABLE).
 * On the helper queue (spec §7): one device command at a time, never retried.
 */
export async function setAc(general: ApiClient, id: string, body: AcBody): Promise<AcCommandResult> {
  return (await general.post(acPath(id), { queue: "helper", schema: AcCommandAnswerSchema, json: body })).data.item;
}
