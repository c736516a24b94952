import { useAtomValue } from "jotai";
import { sessionLockedAtom } from "../auth/atoms";
import { offlineAtom } from "../offline/atoms";
import { deviceAvailable } from "./live";

/**
 * Whether a climate device's controls may be used: `available` is false while its Tasmota
 * device (relay or IR blaster) is LWT Offline; `disabled` also while the dashboard is offline or the
 * session locked (the commands would refuse anyway; the controls say so first).
 */
export function useClimateGate(device: string): { available: boolean; disabled: boolean } {
  const available = useAtomValue(deviceAvailable(device)) !== false;
  const offline = useAtomValue(offlineAtom);
  const locked = useAtomValue(sessionLockedAtom);
  return { available, disabled: offline || locked || !available };
}
