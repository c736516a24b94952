import type { Household, Sensor } from "../household/schema";

/** Lookup tables the bridge builds once from the household config. */
export interface BridgeIndex {
  /** Tasmota topic -> sensors read from its `tele/<t>/SENSOR`. */
  tasmotaSensors: ReadonlyMap<string, readonly Sensor[]>;
  /** Zigbee2MQTT friendly name -> sensors read from its state. */
  zigbeeSensors: ReadonlyMap<string, readonly Sensor[]>;
  /** Tasmota topic -> switch names (other than the topic itself) whose power mirrors it. */
  switchAliases: ReadonlyMap<string, readonly string[]>;
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
  const switchAliases = new Map<string, string[]>();
  for (const sensor of household.sensors) {
    if (sensor.source.type === "tasmota") push(tasmotaSensors, sensor.source.device, sensor);
    else push(zigbeeSensors, sensor.source.device, sensor);
  }
  for (const sw of household.switches) {
    if (sw.name !== sw.device && !(switchAliases.get(sw.device) ?? []).includes(sw.name)) push(switchAliases, sw.device, sw.name);
  }
  return { tasmotaSensors, zigbeeSensors, switchAliases };
}
