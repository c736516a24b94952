import type { GarageCommand, GarageCommandResult, GarageDoor } from "../../contract/garage";
import { deviceId } from "../../contract/devices";
import { HubError } from "../core/errors";
import type { DeviceCommands, DeviceStep } from "../devices/commands";
import type { AdoptionSource } from "../devices/adoption/source";
import type { GarageDevice, Household } from "../household/schema";
import { adoptedDoor, coverSteps, type AdoptedDoor, type CoverReading } from "./adopted";

/** Cover `state` value of each action that is one (docs/contract.md "Devices": a cover's OPEN / CLOSE / STOP). */
const COVER_STATES = { open: "OPEN", close: "CLOSE", stop: "STOP" } as const;

/**
 * The steps a door command becomes on its shutter, the cover with endpoint `s<n>` of its Tasmota
 * device: open / close / stop set the cover's `state` to OPEN / CLOSE / STOP (`cmnd/<t>/ShutterOpen<n>`,
 * `ShutterClose<n>`, `ShutterStop<n>`, empty payload); toggle is the Tasmota command `ShutterToggle<n>`;
 * constantStop true is STOP then `ShutterLock<n> 1` (held stopped: the shutter ignores moves while
 * locked), false is `ShutterLock<n> 0` (devices/encode.ts TasmotaShutterCommand).
 */
export function shutterSteps(device: GarageDevice, command: GarageCommand, value?: boolean): DeviceStep[] {
  const endpoint = `s${device.shutter}`;
  if (command === "constantStop") {
    const lock: DeviceStep = { source: "tasmota", command: "ShutterLock", endpoint, value: value === true };
    return value ? [{ property: "state", endpoint, value: COVER_STATES.stop }, lock] : [lock];
  }
  if (command === "toggle") return [{ source: "tasmota", command: "ShutterToggle", endpoint }];
  return [{ property: "state", endpoint, value: COVER_STATES[command] }];
}

/**
 * Sends door commands to the household's Tasmota shutters (spec §4, §7) through their capabilities
 * (devices/commands.ts DeviceCommands: the household's shutters are in the device registry from the
 * start). Commands go out at once, QoS 1, never retained, and are never queued: with the device
 * offline or the broker link down it refuses with DEVICE_UNREACHABLE (409) and sends nothing
 * (DESIGN.md §5). A door the household file does not name may be a cover adopted as it (`adoptions`:
 * adopted.ts coverSteps, toggle from where the cover is (`readings`), constantStop NOT_SUPPORTED);
 * else it is NOT_FOUND (404).
 */
export class GarageService {
  private readonly doors: ReadonlyMap<GarageDoor, GarageDevice>;

  constructor(
    private readonly devices: DeviceCommands,
    household: Household,
    private readonly adoptions?: AdoptionSource,
    private readonly readings: (door: AdoptedDoor) => CoverReading | undefined = () => undefined,
  ) {
    this.doors = new Map(household.garage.map((entry) => [entry.door, entry]));
  }

  /** Sends `command` (with `value` for constantStop) to `door`'s device; resolves with what was sent. Throws HubError. */
  async send(door: GarageDoor, command: GarageCommand, value?: boolean): Promise<GarageCommandResult> {
    const device = this.doors.get(door);
    if (!device) {
      const adopted = this.adoptions ? adoptedDoor(door, this.adoptions) : undefined;
      if (!adopted) throw new HubError("NOT_FOUND", `No ${door} in this household`);
      await this.devices.setMany(adopted.device, coverSteps(adopted, command, this.readings(adopted)));
      return { door, command, sentAt: new Date().toISOString() };
    }
    await this.devices.setMany(deviceId("tasmota", device.device), shutterSteps(device, command, value));
    return { door, command, sentAt: new Date().toISOString() };
  }
}
