import type { Household, Sensor } from "../household/schema";
import { switchBinding, type SwitchBinding } from "../switches/relays";

/** A switch named otherwise than its Tasmota device: its binding (switches/relays.ts), whose relay's state it shows. */
export type SwitchAlias = SwitchBinding;

/** Lookup tables the bridge builds once from the household config. */
export interface BridgeIndex {
  /** Tasmota topic -> sensors read from its `tele/<t>/SENSOR`. */
  tasmotaSensors: ReadonlyMap<string, readonly Sensor[]>;
  /** Zigbee2MQTT friendly name -> sensors read from its state. */
  zigbeeSensors: ReadonlyMap<string, readonly Sensor[]>;
  /**
   * Tasmota topic -> the switches named otherwise than the topic, whose power and availability the
   * bridge publishes under their own names too (the relays each follows: switches/relays.ts switchPowerKey).
   */
  switchAliases: ReadonlyMap<string, readonly SwitchAlias[]>;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Builds the bridge's lookup tables from a validated household, and the sensors of adopted devices
 * (`adopted`, in the same shape: hub/devices/uses/sensors.ts) read like the household file's.
 */
export function buildBridgeIndex(household: Household, adopted: readonly Sensor[] = []): BridgeIndex {
  const tasmotaSensors = new Map<string, Sensor[]>();
  const zigbeeSensors = new Map<string, Sensor[]>();
  const switchAliases = new Map<string, SwitchAlias[]>();
  for (const sensor of [...household.sensors, ...adopted]) {
    if (sensor.source.type === "tasmota") push(tasmotaSensors, sensor.source.device, sensor);
    else push(zigbeeSensors, sensor.source.device, sensor);
  }
  for (const sw of household.switches) {
    const known = (switchAliases.get(sw.device) ?? []).some((alias) => alias.name === sw.name);
    if (sw.name !== sw.device && !known) push(switchAliases, sw.device, switchBinding(sw));
  }
  return { tasmotaSensors, zigbeeSensors, switchAliases };
}
