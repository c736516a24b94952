import * as v from "valibot";
import { capabilitySetPath, type CapabilitySetBody } from "../../../../contract/adoption";
import { itemOf } from "../../../../contract/envelope";
import { BAD_REQUEST, DEVICE_UNREACHABLE, NOT_SUPPORTED } from "../../../../contract/errors";
import type { ApiClient } from "../../../lib/api/client";
import { ApiError } from "../../../lib/api/errors";
import { commandAtom } from "../../../platform/commands";
import { sameValue } from "./model";
import { deviceStateAtom, deviceValueAtom } from "./state";

/** How long a set waits for the device to confirm it on `device/<id>/state` (ms). */
export const CAPABILITY_CONFIRM_TIMEOUT_MS = 5000;

/**
 * How a set counts as done: `equal` when the device reports the value sent under the property;
 * `report` when the device reports anything newer (a cover starts moving and reports positions on
 * its way); `sent` when the hub has sent it (a capability the device never publishes: `identify`).
 */
export type Confirmation = "equal" | "report" | "sent";

/** One capability set: device `id`, the capability's `property` (and `endpoint`), the `value`, how it is confirmed. */
export type CapabilitySetRequest = {
  id: string;
  property: string;
  endpoint?: string | undefined;
  value: unknown;
  confirm: Confirmation;
};

/** The pending-mark id of a device's capability: `device:<id>/<property>` (read by the control's gate). */
export function capabilityTarget(id: string, property: string): string {
  return `device:${id}/${property}`;
}

/** The device did not confirm the set within {@link CAPABILITY_CONFIRM_TIMEOUT_MS}. */
export class NotConfirmedError extends Error {
  constructor(target: string) {
    super(`${target}: not confirmed within ${CAPABILITY_CONFIRM_TIMEOUT_MS} ms`);
    this.name = "NotConfirmedError";
  }
}

const SetAnswerSchema = itemOf(v.object({ topic: v.string(), payload: v.unknown() }));

/**
 * POST /devices/{id}/set on the general base (contract/adoption.ts capabilitySetPath): body
 * `{property, endpoint?, value}`; resolves when the hub has sent the command (202). On the helper
 * queue, one device command at a time, never retried. Errors: ApiError (DEVICE_UNREACHABLE,
 * NOT_SUPPORTED, BAD_REQUEST, NOT_FOUND, AUTH_SESSION_LOCKED).
 */
export async function setCapability(general: ApiClient, id: string, body: CapabilitySetBody): Promise<void> {
  await general.post(capabilitySetPath(id), { queue: "helper", json: body, schema: SetAnswerSchema });
}

/** i18n key of a failed set's toast, by its cause. */
export function setFailureKey(error: unknown): string {
  if (error instanceof NotConfirmedError) return "deviceTiles.notConfirmed";
  if (error instanceof ApiError && error.code === DEVICE_UNREACHABLE) return "deviceTiles.unreachable";
  if (error instanceof ApiError && (error.code === BAD_REQUEST || error.code === NOT_SUPPORTED))
    return "deviceTiles.refused";
  return "commands.failed";
}

/**
 * Sets one capability of a registry device (DESIGN §4a command): pending under
 * {@link capabilityTarget} while the hub sends it AND until the device's own state confirms it
 * ({@link Confirmation}); nothing optimistic is written. Without confirmation within
 * {@link CAPABILITY_CONFIRM_TIMEOUT_MS} the mark clears with the toast 'Urządzenie nie potwierdziło
 * zmiany'; DEVICE_UNREACHABLE toasts 'Urządzenie jest niedostępne: nic nie zostało wysłane.'; a
 * value the hub refuses 'Urządzenie nie przyjęło tej wartości.'. Refused while offline or locked,
 * like every command.
 */
export const setCapabilityCommand = commandAtom<CapabilitySetRequest, unknown>({
  target: ({ id, property }) => capabilityTarget(id, property),
  request: ({ id }) => ({ method: "POST", path: capabilitySetPath(id) }),
  failureKey: setFailureKey,
  run: async ({ api, get, until }, request) => {
    const { id, property, endpoint, value, confirm } = request;
    const before = get(deviceStateAtom(id))?.receivedAt ?? -Infinity;
    await setCapability(api.general, id, { property, ...(endpoint === undefined ? {} : { endpoint }), value });
    if (confirm === "sent") return value;
    const confirmed =
      confirm === "equal"
        ? await until(
            deviceValueAtom(id, property),
            (current) => sameValue(current, value),
            CAPABILITY_CONFIRM_TIMEOUT_MS,
          )
        : await until(
            deviceStateAtom(id),
            (state) => state !== null && state.receivedAt > before,
            CAPABILITY_CONFIRM_TIMEOUT_MS,
          );
    if (!confirmed) throw new NotConfirmedError(capabilityTarget(id, property));
    return value;
  },
});
