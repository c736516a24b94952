import { ApiError } from "../../lib/api/errors";
import { DEVICE_UNREACHABLE, LIMIT_REACHED } from "../../../contract/errors";
import { IR_CODE_PATH, IR_LEARN_PATH, IR_SEND_PATH, type IrCode } from "../../../contract/ir";
import { commandAtom } from "../../platform/commands";
import { learnIr, saveIrCode, sendIr } from "./api";

/** Toast key of a failed IR command: the blaster is unavailable, or the commands' generic text. */
function irFailureKey(error: unknown): string {
  return error instanceof ApiError && error.code === DEVICE_UNREACHABLE ? "ir.unreachable" : "commands.failed";
}

/** True when the hub refused a new button because the blaster holds the most it may (409 LIMIT_REACHED). */
export function isButtonLimit(error: unknown): boolean {
  return error instanceof ApiError && error.code === LIMIT_REACHED;
}

/** Presses button `name` of remote `device` (spec §7 `POST /ir/send`), pending under `ir:<device>`; the hub sends Tasmota IRSend. */
export const sendIrCommand = commandAtom<{ device: string; name: string }, string>({
  target: ({ device }) => `ir:${device}`,
  request: () => ({ method: "POST", path: IR_SEND_PATH }),
  failureKey: irFailureKey,
  run: async ({ api }, { device, name }) => {
    await sendIr(api.general, device, name);
    return name;
  },
});

/** Learning mode of `device` on or off (spec §7 `POST /ir/learn`); the new mode arrives on `ir/<device>`. */
export const learnIrCommand = commandAtom<{ device: string; enable: boolean }, void>({
  target: ({ device }) => `ir-learn:${device}`,
  request: () => ({ method: "POST", path: IR_LEARN_PATH }),
  run: async ({ api }, { device, enable }) => {
    await learnIr(api.general, device, enable);
  },
});

/**
 * Saves a learned `code` as button `name` (spec §7 `POST /ir/code`); the button arrives on
 * `ir/<device>`. A blaster at its most buttons (409 LIMIT_REACHED) toasts `ir.saveRefused` (the
 * form says why under the name field).
 */
export const saveIrCodeCommand = commandAtom<{ device: string; name: string; code: IrCode }, void>({
  target: ({ device }) => `ir-code:${device}`,
  request: () => ({ method: "POST", path: IR_CODE_PATH }),
  failureKey: (error) => (isButtonLimit(error) ? "ir.saveRefused" : "commands.failed"),
  run: async ({ api }, { device, name, code }) => {
    await saveIrCode(api.general, device, name, code);
  },
});
