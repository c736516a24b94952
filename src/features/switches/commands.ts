import * as v from "valibot";
import { ApiError } from "../../lib/api/errors";
import {
  AUTH_BAD_PIN,
  AUTH_PIN_DELAY,
  BAD_REQUEST,
  DEVICE_BUSY,
  DEVICE_NO_ANSWER,
  DEVICE_UNREACHABLE,
  PIN_REQUIRED,
} from "../../../contract/errors";
import {
  PinRequiredErrorSchema,
  tasmotaConsolePath,
  type TasmotaConsoleAnswer,
} from "../../../contract/tasmota-console";
import { unlockFailureOf, type UnlockFailure } from "../../platform/auth/unlockFailure";
import { SWITCHES_RELOAD_PATH, switchConfigPath, switchSetPath } from "../../../contract/switches";
import { commandAtom } from "../../platform/commands";
import { editSwitch, reloadSwitches, runTasmotaCommand, setSwitch } from "./api";
import { switchesAtom } from "./atoms";
import { switchPowerAtom, type PowerState } from "./power";

/** How long a pressed switch waits for its device to confirm the new state on the live channel (ms). */
export const SWITCH_CONFIRM_TIMEOUT_MS = 5000;

/** What a switch press acts on: switch `name` and, for one relay of it, `relay` (none = the whole switch, relay 0). */
export type SwitchPress = { name: string; relay?: number | undefined };

/** The pending-mark id of a switch press: `switch:<name>/<relay>` (relay 0 for the whole switch). */
export function switchTarget({ name, relay }: SwitchPress): string {
  return `switch:${name}/${String(relay ?? 0)}`;
}

/** The device sent no confirmation of the new state within {@link SWITCH_CONFIRM_TIMEOUT_MS}. */
export class NoConfirmationError extends Error {
  constructor(target: string) {
    super(`${target}: no confirmation within ${SWITCH_CONFIRM_TIMEOUT_MS} ms`);
    this.name = "NoConfirmationError";
  }
}

/** The state a press asks for: OFF when the switch is on, else ON (also when its state is unknown). */
export function wantedState(current: PowerState): "ON" | "OFF" {
  return current === "on" ? "OFF" : "ON";
}

/** i18n key of the toast when the device did not answer ('Urządzenie nie odpowiedziało'). */
export const NO_RESPONSE_KEY = "switches.noResponse";

/**
 * Toggles a switch or one of its relays (spec §3, §7 `POST switch/{id}/set`; DESIGN §4a command):
 * marked pending under {@link switchTarget} while the hub sends the command AND until the device
 * confirms the new state on the live channel (`power/<name>/POWER<n>`); nothing optimistic is shown.
 * When no confirmation arrives within {@link SWITCH_CONFIRM_TIMEOUT_MS}, or the hub cannot reach the
 * device (`DEVICE_UNREACHABLE`), the mark clears (the control shows the real state again) with the
 * toast 'Urządzenie nie odpowiedziało'; other failures toast the commands' generic text. Refused
 * (nothing sent) while offline or locked, like every command.
 */
export const toggleSwitchCommand = commandAtom<SwitchPress, "ON" | "OFF">({
  target: switchTarget,
  request: ({ name }) => ({ method: "POST", path: switchSetPath(name) }),
  failureKey: (error) =>
    error instanceof NoConfirmationError || (error instanceof ApiError && error.code === DEVICE_UNREACHABLE)
      ? NO_RESPONSE_KEY
      : "commands.failed",
  run: async ({ api, get, until }, press) => {
    const power = switchPowerAtom(press.name, press.relay);
    const wanted = wantedState(get(power));
    await setSwitch(api.general, press.name, press.relay ?? 0, wanted);
    const target: PowerState = wanted === "ON" ? "on" : "off";
    if (!(await until(power, (state) => state === target, SWITCH_CONFIRM_TIMEOUT_MS)))
      throw new NoConfirmationError(switchTarget(press));
    return wanted;
  },
});

/** What an edit of a switch's definition changes: its label and purpose (null or "" = none). */
export type SwitchEdit = { name: string; label: string; purpose: string | null };

/**
 * Saves a switch's label and purpose (spec §7 `PATCH config/switches/{id}`; DESIGN §4a command),
 * pending under `switch-config:<name>`; the hub's answer replaces the definition in switchesAtom, so
 * the top bar's badge counts the new purpose at once, then `POST config/switches/reload` replaces
 * every definition with the hub's (a failed reload keeps the saved answer and is only logged: the
 * edit itself was stored). Failure of the PATCH: the commands' generic toast, nothing changed.
 */
export const editSwitchCommand = commandAtom<SwitchEdit, void>({
  target: ({ name }) => `switch-config:${name}`,
  request: ({ name }) => ({ method: "PATCH", path: switchConfigPath(name) }),
  run: async ({ api, set }, edit) => {
    const purpose = edit.purpose === null || edit.purpose.trim() === "" ? null : edit.purpose.trim();
    const answer = await editSwitch(api.general, edit.name, { label: edit.label.trim(), purpose });
    set(
      switchesAtom,
      (current) => current?.map((item) => (item.name === answer.data.name ? answer.data : item)) ?? current,
    );
    await reloadSwitches(api.general).then(
      (items) => set(switchesAtom, items),
      (error: unknown) => console.warn("switches: reload after an edit failed; the saved answer stays", error),
    );
  },
});

/**
 * Reloads the switch definitions from the hub (spec §7 `POST config/switches/reload`; DESIGN §4a
 * command), pending under `switches:reload`: the answer replaces switchesAtom (labels, purposes, the
 * badge). Failure: the commands' generic toast, the loaded definitions stay.
 */
export const reloadSwitchesCommand = commandAtom<void, void>({
  target: () => "switches:reload",
  request: () => ({ method: "POST", path: SWITCHES_RELOAD_PATH }),
  run: async ({ api, set }) => {
    set(switchesAtom, await reloadSwitches(api.general));
  },
});

/** i18n key of a failed console line, by the hub's error code (`commands.failed` for anything else). */
export function consoleFailureKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === BAD_REQUEST) return "switches.console.refused";
  if (code === DEVICE_NO_ANSWER) return "switches.console.noAnswer";
  if (code === DEVICE_UNREACHABLE) return "switches.console.unreachable";
  if (code === DEVICE_BUSY) return "switches.console.busy";
  return "commands.failed";
}

/** A console line to run: switch `name`, line `cmd`, and the session's PIN when the line needs it. */
export type ConsoleRun = { name: string; cmd: string; pin?: number | undefined };

/**
 * What a console line came to: the device's answer, or the PIN it needs: `commands` (the ones that
 * need it, as the hub named them; empty when the hub refused the PIN sent) and, after a PIN the hub
 * did not accept, why (`failure`: a wrong PIN with the attempts left, or the back-off).
 */
export type ConsoleResult =
  | { kind: "answer"; item: TasmotaConsoleAnswer["item"] }
  | { kind: "pin"; commands: string[]; failure: UnlockFailure | null };

/** The PIN question an error of the console asks, or null when it is another failure. */
function pinQuestionOf(error: unknown): Extract<ConsoleResult, { kind: "pin" }> | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === PIN_REQUIRED) {
    const body = v.safeParse(PinRequiredErrorSchema, error.body);
    return { kind: "pin", commands: body.success ? body.output.commands : [], failure: null };
  }
  if (error.code === AUTH_BAD_PIN || error.code === AUTH_PIN_DELAY) {
    const failure = unlockFailureOf(error, Date.now());
    return failure.kind === "failed" ? null : { kind: "pin", commands: [], failure };
  }
  return null;
}

/**
 * Runs one Tasmota console line on switch `name`'s device (spec §7 `POST config/switches/{id}/tasmota/cmd`;
 * DESIGN §4a command), pending under `tasmota-console:<name>`; resolves with the device's answer, or
 * with the PIN question when the hub answers `PIN_REQUIRED` (the line needs the session's PIN) or did
 * not accept the PIN sent (`AUTH_BAD_PIN`, `AUTH_PIN_DELAY`): no toast then, the console asks for the
 * PIN itself. Refused while offline or locked; any other failure toasts {@link consoleFailureKey}'s
 * text (a revoked session logs out through the API client).
 */
export const tasmotaConsoleCommand = commandAtom<ConsoleRun, ConsoleResult>({
  target: ({ name }) => `tasmota-console:${name}`,
  request: ({ name }) => ({ method: "POST", path: tasmotaConsolePath(name) }),
  failureKey: consoleFailureKey,
  run: async ({ api }, { name, cmd, pin }) => {
    try {
      return { kind: "answer", item: (await runTasmotaCommand(api.general, name, cmd, pin)).data };
    } catch (error) {
      const question = pinQuestionOf(error);
      if (question === null) throw error;
      return question;
    }
  },
});
