import type { BrokerLink, HubLogger } from "../broker/link";
import type { DeviceRouter } from "../bridge/router";
import type { Household } from "../household/schema";
import type { AdoptionStore } from "./adoption/store";
import { DeviceCommands } from "./commands";
import { householdTasmota } from "./household";
import { DeviceRegistry } from "./registry";
import { followTasmota } from "./tasmota";
import { followZigbee2Mqtt } from "./zigbee2mqtt";

/** The devices domain: the registry and the command path through capabilities. */
export interface Devices {
  registry: DeviceRegistry;
  commands: DeviceCommands;
}

/**
 * Starts the devices domain: a registry fed by the Zigbee2MQTT and Tasmota describers through the
 * hub's device `router` (the `household` file's Tasmota switches and shutters listed from the start),
 * and commands sent through `commandLink` (the availability-guarded link).
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
  return { registry, commands: new DeviceCommands(registry, commandLink) };
}

/**
 * The devices domain's service on a hub (domain.ts): the devices and the household's adoptions in
 * the database (adoption/store.ts; domains read them as an AdoptionSource: `get`, `all`, `onChange`).
 */
export interface DevicesService extends Devices {
  adoptions: AdoptionStore;
}
