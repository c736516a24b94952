import type { BrokerLink, HubLogger } from "../broker/link";
import type { DeviceRouter } from "../bridge/router";
import type { Household } from "../household/schema";
import { fixedAdoptions, type AdoptionSource } from "./adoption/source";
import { DeviceCommands } from "./commands";
import { householdTasmota } from "./household";
import { DeviceRegistry } from "./registry";
import { followTasmota } from "./tasmota";
import { followZigbee2Mqtt } from "./zigbee2mqtt";

/** The devices domain: the registry, the command path through capabilities, and the household's adoptions. */
export interface Devices {
  registry: DeviceRegistry;
  commands: DeviceCommands;
  /** What the household says about each device (contract/adoption.ts); domains follow its changes. */
  adoptions: AdoptionSource;
}

/**
 * Starts the devices domain: a registry fed by the Zigbee2MQTT and Tasmota describers through the
 * hub's device `router` (the `household` file's Tasmota switches and shutters listed from the start),
 * commands sent through `commandLink` (the availability-guarded link), and the adoptions of the
 * household file's `devices` section.
 */
export function startDevices(
  router: DeviceRouter,
  commandLink: BrokerLink,
  household: Household,
  log?: HubLogger,
): Devices {
  const registry = new DeviceRegistry(log);
  followTasmota(registry, router, householdTasmota(household));
  followZigbee2Mqtt(registry, router);
  const adoptions = fixedAdoptions(household.devices ?? {});
  return { registry, commands: new DeviceCommands(registry, commandLink), adoptions };
}
