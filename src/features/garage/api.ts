import type { ApiClient } from "../../lib/api/client";
import {
  GarageCommandAnswerSchema,
  garagePath,
  type GarageCommand,
  type GarageCommandResult,
  type GarageDoor,
} from "../../../contract/garage";

/**
 * POST /<door>/<command> on the garage base (spec §7): open, close, toggle, stop (no body) or
 * constantStop with `{value}`. Resolves with what the hub sent to the device; the door's state
 * follows on the live topic `garage/<door>/state`. Rejects with ApiError (400, 404, 409 DEVICE_UNREACHABLE).
 * On the helper queue (spec §7): one device command at a time, never retried.
 */
export async function sendDoorCommand(
  garage: ApiClient,
  door: GarageDoor,
  command: GarageCommand,
  value?: boolean,
): Promise<GarageCommandResult> {
  const result = await garage.post(garagePath(door, command), {
    queue: "helper",
    schema: GarageCommandAnswerSchema,
    ...(command === "constantStop" ? { json: { value: value === true } } : {}),
  });
  return result.data.item;
}
