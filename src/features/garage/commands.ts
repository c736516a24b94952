import { garagePath, type GarageCommand, type GarageCommandResult, type GarageDoor } from "../../../contract/garage";
import { commandAtom } from "../../platform/commands";
import { sendDoorCommand } from "./api";

/** Arguments of {@link doorCommand}: which door, which command, and constantStop's value. */
export type DoorCommandArgs = { door: GarageDoor; command: GarageCommand; value?: boolean };

/** Pending-mark target of a door's commands: 'garage:gate'. */
export function doorTarget(door: GarageDoor): string {
  return `garage:${door}`;
}

/**
 * A garage or gate command (spec §4, §7; DESIGN §4a command): POST /<door>/<command> on the garage
 * base. Refused offline (nothing sent) or locked; one at a time per door (pending while it is sent).
 * The door's motion is confirmed by the live topic, never assumed. A failure toasts 'Nie udało się
 * wysłać polecenia'. The confirmation before a moving command is the control's (DoorControl).
 */
export const doorCommand = commandAtom<DoorCommandArgs, GarageCommandResult>({
  target: ({ door }) => doorTarget(door),
  request: ({ door, command }) => ({ method: "POST", path: garagePath(door, command) }),
  failureKey: "garage.failed",
  run: ({ api }, { door, command, value }) => sendDoorCommand(api.garage, door, command, value),
});
