import { useCommandGate } from "../../platform/commands";

/**
 * Whether a climate device's controls may be used: `available` is false while its Tasmota
 * device (relay or IR blaster) is LWT Offline; `disabled` also while the dashboard is offline or the
 * session locked (the commands would refuse anyway; the controls say so first): the command gate
 * ({@link useCommandGate}) for the device, with its `reason` for the controls to show.
 */
export function useClimateGate(device: string): { available: boolean; disabled: boolean; reason: string | null } {
  const gate = useCommandGate({ device });
  return { available: !gate.unavailable, disabled: gate.disabled, reason: gate.reason };
}
