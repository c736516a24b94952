import type { BrokerLink, HubLogger } from "../broker/link";
import type { DeviceRouter } from "../bridge/router";
import type { Household } from "../household/schema";
import type { AdoptionStore } from "./adoption/store";
import { DeviceCommands } from "./commands";
import { householdTasmota } from "./household";
import { DeviceRegistry } from "./registry";
import { DevicesRevision } from "./revision";
import { DeviceStates } from "./state";
import { followTasmota } from "./tasmota";
import { followZigbee2Mqtt } from "./zigbee2mqtt-follow";

/** Where device states and the revision go without the hub's link: nowhere. */
const NOWHERE: Pick<BrokerLink, "publish"> = { publish: () => undefined };

/**
 * The devices domain: the registry, the command path through capabilities, the devices' last values
 * (`device/<id>/state`) and the list's revision (`devices/revision`).
 */
export interface Devices {
  registry: DeviceRegistry;
  commands: DeviceCommands;
  states: DeviceStates;
  revision: DevicesRevision;
  /** Stops the state and revision publishers. */
  stop: () => void;
}

/**
 * Starts the devices domain: a registry fed by the Zigbee2MQTT and Tasmota describers through the
 * hub's device `router` (the `household` file's Tasmota switches and shutters listed from the start),
 * and commands sent through `commandLink` (the availability-guarded link); device states and the
 * revision published through `link` (the hub's own; without it, as when a domain is tested alone
 * with its own fake link, they are kept but published nowhere).
 */
export function startDevices(
  router: DeviceRouter,
  commandLink: BrokerLink,
  household: Household,
  log?: HubLogger,
  link: Pick<BrokerLink, "publish"> = NOWHERE,
): Devices {
  const registry = new DeviceRegistry(log);
  const revision = new DevicesRevision(registry, link, log);
  const states = new DeviceStates(registry, link, log);
  followTasmota(registry, router, householdTasmota(household), undefined, (id, values) =>
    states.merge(id, values, new Date().toISOString()),
  );
  followZigbee2Mqtt(registry, router);
  states.follow(router);
  const stop = () => {
    states.stop();
    revision.stop();
  };
  return { registry, commands: new DeviceCommands(registry, commandLink), states, revision, stop };
}

/**
 * The devices domain's service on a hub (domain.ts): the devices and the household's adoptions in
 * the database (adoption/store.ts; domains read them as an AdoptionSource: `get`, `all`, `onChange`).
 */
export interface DevicesService extends Devices {
  adoptions: AdoptionStore;
}
