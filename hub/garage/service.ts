import { sendDeviceCommands } from "../broker/commands";
import type { GarageAction, GarageCommand, GarageCommandResult, GarageDoor } from "../../contract/garage";
import { TASMOTA_CMND } from "../../contract/topics";
import type { BrokerLink } from "../broker/link";
import { HubError } from "../core/errors";
import type { GarageDevice, Household } from "../household/schema";

/** Tasmota shutter command of each action (xdrv_27_shutter: ShutterOpen<n>, ShutterClose<n>, ShutterToggle<n>, ShutterStop<n>). */
const SHUTTER_COMMANDS: Readonly<Record<GarageAction, string>> = {
  open: "ShutterOpen",
  close: "ShutterClose",
  toggle: "ShutterToggle",
  stop: "ShutterStop",
};

/** One device command: `cmnd/<t>/<Command><n>` with its payload. */
export interface DeviceCommand {
  topic: string;
  payload: string;
}

/**
 * The Tasmota commands a door command becomes: an action is one `cmnd/<t>/Shutter<Action><n>`
 * with an empty payload; constantStop true is `ShutterStop<n>` then `ShutterLock<n> 1` (held
 * stopped; the shutter ignores moves while locked), false is `ShutterLock<n> 0`.
 */
export function shutterCommands(device: GarageDevice, command: GarageCommand, value?: boolean): DeviceCommand[] {
  const topic = (name: string) => `${TASMOTA_CMND}/${device.device}/${name}${device.shutter}`;
  if (command === "constantStop") {
    return value
      ? [
          { topic: topic("ShutterStop"), payload: "" },
          { topic: topic("ShutterLock"), payload: "1" },
        ]
      : [{ topic: topic("ShutterLock"), payload: "0" }];
  }
  return [{ topic: topic(SHUTTER_COMMANDS[command]), payload: "" }];
}

/**
 * Sends door commands to the household's Tasmota shutters (spec §4, §7). Commands go out at once,
 * QoS 1, never retained, and are never queued: with the broker link down it refuses with
 * DEVICE_UNREACHABLE (409) instead (DESIGN.md §5). A door not in the household is NOT_FOUND (404).
 */
export class GarageService {
  private readonly doors: ReadonlyMap<GarageDoor, GarageDevice>;

  constructor(
    private readonly link: BrokerLink,
    household: Household,
  ) {
    this.doors = new Map(household.garage.map((entry) => [entry.door, entry]));
  }

  /** Sends `command` (with `value` for constantStop) to `door`'s device; resolves with what was sent. Throws HubError. */
  async send(door: GarageDoor, command: GarageCommand, value?: boolean): Promise<GarageCommandResult> {
    const device = this.doors.get(door);
    if (!device) throw new HubError("NOT_FOUND", `No ${door} in this household`);
    await sendDeviceCommands(this.link, shutterCommands(device, command, value));
    return { door, command, sentAt: new Date().toISOString() };
  }
}
