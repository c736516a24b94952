import type { Household } from "./schema";

/** Where a device talks to the hub from: a Tasmota topic, or a Zigbee2MQTT friendly name. */
export type DeviceSource = "tasmota" | "zigbee2mqtt";

/**
 * The devices the hub acts for (republishes their state into the dashboard's namespace, keeps their
 * availability): one predicate, so each set of devices (the household file, devices offered for
 * adoption) plugs in the same way (docs/contract.md "Live channel").
 */
export interface KnownDevices {
  /** True when the hub acts for the device `name` of `source`. */
  isKnownDevice(source: DeviceSource, name: string): boolean;
}

/** A Zigbee2MQTT endpoint light's id `<device>_l<n>` (hub/lights/exposes.ts) names its device too. */
const ENDPOINT_SUFFIX = /_l\d{1,2}$/;

/**
 * The devices the household file names: Tasmota topics of its sensors, switches, Tasmota lights,
 * garage shutters, IR blasters, AC units and a Tasmota doorbell; Zigbee2MQTT names of its sensors,
 * lights (a light `<device>_l<n>` also names `<device>`) and a Zigbee2MQTT doorbell.
 */
export function householdDevices(household: Household): KnownDevices {
  const tasmota = new Set<string>();
  const zigbee = new Set<string>();
  for (const sensor of household.sensors)
    (sensor.source.type === "tasmota" ? tasmota : zigbee).add(sensor.source.device);
  for (const item of household.switches) tasmota.add(item.device);
  for (const light of household.lights ?? []) {
    if (light.tasmota !== undefined) tasmota.add(light.tasmota);
    else {
      zigbee.add(light.name);
      zigbee.add(light.name.replace(ENDPOINT_SUFFIX, ""));
    }
  }
  for (const door of household.garage) tasmota.add(door.device);
  for (const blaster of household.ir ?? []) tasmota.add(blaster.device);
  for (const unit of household.ac ?? []) tasmota.add(unit.device);
  if (household.doorbell) (household.doorbell.type === "tasmota" ? tasmota : zigbee).add(household.doorbell.device);
  return { isKnownDevice: (source, name) => (source === "tasmota" ? tasmota : zigbee).has(name) };
}

/** How many devices one {@link OfferedDevices} set holds at most. */
export const MAX_OFFERED_DEVICES = 256;

/**
 * Devices a part of the hub found on its own and offers (the Zigbee2MQTT lights of
 * `zigbee2mqtt/bridge/devices`): replaced as a whole by each {@link offer}, at most
 * {@link MAX_OFFERED_DEVICES} (the first ones offered; the rest are not known).
 */
export class OfferedDevices implements KnownDevices {
  private names = new Set<string>();

  constructor(private readonly source: DeviceSource) {}

  /** Replaces the offered names; answers how many were left out over the cap. */
  offer(names: Iterable<string>): number {
    const next = new Set<string>();
    let leftOut = 0;
    for (const name of names) {
      if (next.size < MAX_OFFERED_DEVICES) next.add(name);
      else if (!next.has(name)) leftOut += 1;
    }
    this.names = next;
    return leftOut;
  }

  isKnownDevice(source: DeviceSource, name: string): boolean {
    return source === this.source && this.names.has(name);
  }
}

/** The union of device sets: a device is known when any of `sets` knows it. */
export function anyKnown(...sets: readonly KnownDevices[]): KnownDevices {
  return { isKnownDevice: (source, name) => sets.some((set) => set.isKnownDevice(source, name)) };
}
