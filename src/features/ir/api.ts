import type { ApiClient, ApiResult } from "../../lib/api/client";
import {
  IR_CODE_PATH,
  IR_LEARN_PATH,
  IR_SEND_PATH,
  IrCodeAnswerSchema,
  IrLearnAnswerSchema,
  IrSendAnswerSchema,
  type IrCode,
  type IrCodeAnswer,
  type IrCodeBody,
  type IrLearnAnswer,
  type IrLearnBody,
  type IrSendAnswer,
  type IrSendBody,
} from "../../../contract/ir";

/** POST /ir/send (spec §7): sends saved button `code` (its name) of blaster `device`. Errors: ApiError (NOT_FOUND, DEVICE_UNREACHABLE). On the helper queue: one device command at a time. */
export async function sendIr(general: ApiClient, device: string, code: string): Promise<ApiResult<IrSendAnswer>> {
  return general.post(IR_SEND_PATH, {
    queue: "helper",
    json: { device, code } satisfies IrSendBody,
    schema: IrSendAnswerSchema,
  });
}

/** POST /ir/learn (spec §7): learning mode of blaster `device` on or off. Errors: ApiError. On the helper queue: one device command at a time. */
export async function learnIr(general: ApiClient, device: string, enable: boolean): Promise<ApiResult<IrLearnAnswer>> {
  return general.post(IR_LEARN_PATH, {
    queue: "helper",
    json: { device, enable } satisfies IrLearnBody,
    schema: IrLearnAnswerSchema,
  });
}

/** POST /ir/code (spec §7): saves `code` as button `name` of blaster `device`. Errors: ApiError (BAD_REQUEST naming the field). */
export async function saveIrCode(
  general: ApiClient,
  device: string,
  name: string,
  code: IrCode,
): Promise<ApiResult<IrCodeAnswer>> {
  return general.post(IR_CODE_PATH, { json: { device, name, code } satisfies IrCodeBody, schema: IrCodeAnswerSchema });
}
