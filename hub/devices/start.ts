import type { BrokerLink, HubLogger } from "../broker/link";
import type { DeviceRouter } from "../bridge/router";
import { DeviceCommands } from "./commands";
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
 * hub's device `router`, and commands sent through `commandLink` (the availability-guarded link).
 */
export function startDevices(router: DeviceRouter, commandLink: BrokerLink, log?: HubLogger): Devices {
  const registry = new DeviceRegistry(log);
  followZigbee2Mqtt(registry, router);
  followTasmota(registry, router);
  return { registry, commands: new DeviceCommands(registry, commandLink) };
}
