import type { Household } from "../household/schema";
import { relayCommands } from "../switches/relays";
import { tasmotaMemory, type TasmotaMemory } from "./tasmota-describe";

/**
 * What the household file says of its Tasmota devices before they speak: each switch's relays
 * (the `POWER` / `POWER<n>` keys its commands use: switches/relays.ts relayCommands), each
 * garage door's shutter (`Shutter<n>`), and the IR transmitter of each IR blaster and AC unit's
 * blaster (`IRSend`, `IRHVAC`). The registry lists them from the start (devices/tasmota.ts
 * followTasmota), so a command through the capability reaches a device that has not reported yet.
 */
export function householdTasmota(household: Household): Map<string, TasmotaMemory> {
  const out = new Map<string, TasmotaMemory>();
  const memoryOf = (device: string) => {
    let memory = out.get(device);
    if (!memory) out.set(device, (memory = tasmotaMemory()));
    return memory;
  };
  for (const item of household.switches)
    for (const key of relayCommands(item).values()) memoryOf(item.device).power.add(key);
  for (const door of household.garage) memoryOf(door.device).shutters.add(door.shutter);
  for (const { device } of [...(household.ir ?? []), ...(household.ac ?? [])]) memoryOf(device).ir = true;
  return out;
}
