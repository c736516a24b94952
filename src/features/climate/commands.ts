import type { Atom } from "jotai";
import { ApiError } from "../../lib/api/errors";
import {
  HEATER_CONFIG_PATH,
  acPath,
  heaterModePath,
  type AcBody,
  type AcStatePayload,
  type HeaterConfigBody,
  type HeaterMode,
  type HeaterStatePayload,
} from "../../../contract/climate";
import { DEVICE_UNREACHABLE } from "../../../contract/errors";
import { commandAtom, type CommandContext } from "../../platform/commands";
import { patchHeaterConfig, setAc, setHeaterMode } from "./api";
import { acState, heaterStateAtom } from "./live";

/** How long a change waits for the live state to show it (ms): the heater's hub, the AC's IR blaster. */
export const CLIMATE_CONFIRM_TIMEOUT_MS = 5000;

/** i18n key of the toast when nothing confirms a change ('Urządzenie nie odpowiedziało'). */
export const NO_ANSWER_KEY = "climate.noAnswer";

/** No live state showed the change within {@link CLIMATE_CONFIRM_TIMEOUT_MS}. */
export class NoConfirmationError extends Error {
  constructor(target: string) {
    super(`${target}: no confirmation within ${String(CLIMATE_CONFIRM_TIMEOUT_MS)} ms`);
    this.name = "NoConfirmationError";
  }
}

/**
 * Resolves when `done` holds for `state`'s live value (null = nothing known yet never does); rejects
 * with NoConfirmationError after {@link CLIMATE_CONFIRM_TIMEOUT_MS}.
 */
async function confirmation<T>(
  context: CommandContext,
  state: Atom<T | null>,
  done: (value: T) => boolean,
  target: string,
): Promise<void> {
  if (!(await context.until(state, (value) => value !== null && done(value), CLIMATE_CONFIRM_TIMEOUT_MS)))
    throw new NoConfirmationError(target);
}

/** The toast of a failed climate command: no answer (or the device unreachable) or the generic one. */
const failureKey = (error: unknown) =>
  error instanceof NoConfirmationError || (error instanceof ApiError && error.code === DEVICE_UNREACHABLE)
    ? NO_ANSWER_KEY
    : "commands.failed";

/** What a heater control changes; each has its own pending mark `heater:<part>`. */
export type HeaterPart = "mode" | "temperature" | "sensor";
/** The pending mark of a heater control. */
export const heaterTarget = (part: HeaterPart) => `heater:${part}`;

/**
 * Sets the heater's mode (spec §7 `POST heater/config/{mode}`; DESIGN §4a command): pending under
 * `heater:mode` until `heater/state` shows the mode; nothing optimistic. No confirmation in time
 * toasts 'Urządzenie nie odpowiedziało'. Refused (nothing sent) while offline or locked.
 */
export const heaterModeCommand = commandAtom<HeaterMode, void>({
  target: () => heaterTarget("mode"),
  request: (mode) => ({ method: "POST", path: heaterModePath(mode) }),
  failureKey,
  run: async (context, mode) => {
    await setHeaterMode(context.api.general, mode);
    await confirmation<HeaterStatePayload>(
      context,
      heaterStateAtom(),
      (state) => state.mode === mode,
      heaterTarget("mode"),
    );
  },
});

/**
 * Sets the heater's target temperature or controlling sensor (spec §7 `PATCH heater/config`):
 * pending under `heater:temperature` / `heater:sensor` until `heater/state` shows it.
 */
export const heaterConfigCommand = commandAtom<HeaterConfigBody, void>({
  target: (body) => heaterTarget(body.sensor !== undefined ? "sensor" : "temperature"),
  request: () => ({ method: "PATCH", path: HEATER_CONFIG_PATH }),
  failureKey,
  run: async (context, body) => {
    await patchHeaterConfig(context.api.general, body);
    await confirmation<HeaterStatePayload>(
      context,
      heaterStateAtom(),
      (state) =>
        (body.temperature === undefined || state.temperature === body.temperature) &&
        (body.sensor === undefined || state.sensor === body.sensor),
      heaterTarget(body.sensor !== undefined ? "sensor" : "temperature"),
    );
  },
});

/** What an AC control changes: the mode or the target temperature. */
export type AcPart = "mode" | "temperature";
/** The pending mark of an AC control: `ac:<id>:<part>`. */
export const acTarget = (id: string, part: AcPart) => `ac:${id}:${part}`;

/**
 * Changes an AC unit (spec §7 `POST /ac/{id}`): pending until the IR blaster's answer shows on
 * `ac/<id>` (mode and/or targetTemperature as asked); nothing in time, or the device unreachable,
 * toasts 'Urządzenie nie odpowiedziało' and the controls show the real state again.
 */
export const acCommand = commandAtom<{ id: string; body: AcBody }, void>({
  target: ({ id, body }) => acTarget(id, body.mode !== undefined ? "mode" : "temperature"),
  request: ({ id }) => ({ method: "POST", path: acPath(id) }),
  failureKey,
  run: async (context, { id, body }) => {
    await setAc(context.api.general, id, body);
    await confirmation<AcStatePayload>(
      context,
      acState(id),
      (state) =>
        (body.mode === undefined || state.mode === body.mode) &&
        (body.targetTemperature === undefined || state.targetTemperature === body.targetTemperature),
      acTarget(id, body.mode !== undefined ? "mode" : "temperature"),
    );
  },
});
