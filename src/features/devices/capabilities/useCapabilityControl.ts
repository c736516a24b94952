import { useAtomValue, useSetAtom } from "jotai";
import { useId } from "react";
import type { Capability } from "../../../../contract/devices";
import { useCommandGate, type CommandGate } from "../../../platform/commands";
import { capabilityTarget, setCapabilityCommand, type Confirmation } from "./commands";
import { isPublished } from "./model";
import { deviceValueAtom } from "./state";

/** The device a control acts on: its registry `id` and whether the registry has it offline. */
export type DeviceRef = { id: string; offline: boolean };

/** What {@link useCapabilityControl} gives a control. */
export type CapabilityControl = {
  /** The device's last reported value of the capability (undefined while unknown). */
  value: unknown;
  /** The one command gate for this capability (offline, locked, device unavailable, pending). */
  gate: CommandGate;
  /** The id of the control's hidden GateReason (add it to `aria-describedby`). */
  reasonId: string;
  /**
   * Sends `value` (POST /devices/{id}/set) through setCapabilityCommand; resolves when the device
   * confirmed it or the command ended otherwise; does nothing while a set of it is pending. `confirm` defaults to `equal` for a published
   * capability and `sent` for a write-only one.
   */
  send: (value: unknown, confirm?: Confirmation) => Promise<void>;
};

/**
 * Binds a control to one leaf capability of device `device`: its live value (`device/<id>/state`
 * values[property]), the command gate (disabled while offline, locked, the device offline, and, with
 * `pendingDisables`, while a set of it is on its way: by default a pending control keeps its focus
 * and shows itself busy) and a send through the one command pattern.
 */
export function useCapabilityControl(
  device: DeviceRef,
  capability: Capability,
  options: { pendingDisables?: boolean } = {},
): CapabilityControl {
  const property = capability.property ?? "";
  const value = useAtomValue(deviceValueAtom(device.id, property));
  const gate = useCommandGate({
    key: capabilityTarget(device.id, property),
    deviceOffline: device.offline,
    pendingDisables: options.pendingDisables ?? false,
  });
  const set = useSetAtom(setCapabilityCommand);
  const reasonId = useId();
  const send = async (next: unknown, confirm?: Confirmation) => {
    if (gate.pending) return;
    await set({
      id: device.id,
      property,
      endpoint: capability.endpoint,
      value: next,
      confirm: confirm ?? (isPublished(capability) ? "equal" : "sent"),
    });
  };
  return { value, gate, reasonId, send };
}
