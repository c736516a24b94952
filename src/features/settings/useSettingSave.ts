import { useSetAtom } from "jotai";
import { useState } from "react";
import type { SettingKey } from "../../../contract/settings";
import { isApiError } from "../../lib/api/errors";
import { useCommandGate } from "../../platform/commands";
import { saveSettingCommand, settingTarget } from "./commands";

/** The hub's message of a refused save (`value.0.max: must be above min`), or null for other failures. */
export function refusalMessage(error: unknown): string | null {
  if (!isApiError(error) || error.code !== "BAD_REQUEST") return null;
  const body = error.body;
  if (typeof body === "object" && body !== null && "message" in body && typeof body.message === "string")
    return body.message.slice(0, 300);
  return null;
}

/** State of one setting's save: pending, the last outcome ("saved", the hub's refusal, or a failure with no message). */
export type SettingSaveState = {
  pending: boolean;
  /** True while offline or locked: saving controls are disabled (nothing would be sent). */
  blocked: boolean;
  /** Why it is blocked (the command gate's reason), shown on the save button; null or absent when not blocked. */
  blockedReason?: string | null;
  status: "idle" | "saved" | "failed";
  /** The hub's message naming the refused field, when it refused the value. */
  refusal: string | null;
  /** Sends the value (PATCH /settings); resolves true when the hub stored it. */
  save: (value: unknown, idsToRemove?: readonly string[]) => Promise<boolean>;
  /** Forgets the last outcome (an edit after a save). */
  reset: () => void;
};

/** Saving setting `key` with saveSettingCommand, keeping the outcome to show beside the form. */
export function useSettingSave(key: SettingKey): SettingSaveState {
  const command = useSetAtom(saveSettingCommand);
  const {
    disabled: blocked,
    pending,
    reason: blockedReason,
  } = useCommandGate({ key: settingTarget(key), pendingDisables: false });
  const [status, setStatus] = useState<SettingSaveState["status"]>("idle");
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = async (value: unknown, idsToRemove?: readonly string[]) => {
    const outcome = await command(idsToRemove ? { key, value, idsToRemove } : { key, value });
    if (outcome.status === "done") {
      setStatus("saved");
      setRefusal(null);
      return true;
    }
    if (outcome.status === "failed") {
      setStatus("failed");
      setRefusal(refusalMessage(outcome.error));
    }
    return false;
  };
  const reset = () => {
    setStatus("idle");
    setRefusal(null);
  };
  return { pending, blocked, blockedReason, status, refusal, save, reset };
}
