import type { Household, Sensor, Switch } from "../household/schema";

/** A switch named otherwise than its Tasmota device: its name and the one relay it is bound to, if any. */
export type SwitchAlias = Pick<Switch, "name" | "relay">;

/** Lookup tables the bridge builds once from the household config. */
export interface BridgeIndex {
  /** Tasmota topic -> sensors read from its `tele/<t>/SENSOR`. */
  tasmotaSensors: ReadonlyMap<string, readonly Sensor[]>;
  /** Zigbee2MQTT friendly name -> sensors read from its state. */
  zigbeeSensors: ReadonlyMap<string, readonly Sensor[]>;
  /**
   * Tasmota topic -> the switches named otherwise than the topic, whose power and availability the
   * bridge publishes under their own names too (the relays each follows: hub/switches/relays.ts).
   */
  switchAliases: ReadonlyMap<string, readonly SwitchAlias[]>;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Builds the bridge's lookup tables from a validated household. */
export function buildBridgeIndex(household: Household): BridgeIndex {
  const tasmotaSensors = new Map<string, Sensor[]>();
  const zigbeeSensors = new Map<string, Sensor[]>();
  const switchAliases = new Map<string, SwitchAlias[]>();
  for (const sensor of household.sensors) {
    if (sensor.source.type === "tasmota") push(tasmotaSensors, sensor.source.device, sensor);
    else push(zigbeeSensors, sensor.source.device, sensor);
  }
  for (const sw of household.switches) {
    const known = (switchAliases.get(sw.device) ?? []).some((alias) => alias.name === sw.name);
    if (sw.name !== sw.device && !known) push(switchAliases, sw.device, sw.relay === undefined ? { name: sw.name } : { name: sw.name, relay: sw.relay });
  }
  return { tasmotaSensors, zigbeeSensors, switchAliases };
}
