import type { BrokerLink } from "../../broker/link";
import type { DeviceRouter } from "../../bridge/router";
import type { Sensor } from "../../household/schema";
import { startAlarms } from "../alarms";
import type { AdoptionSource } from "../adoption/source";
import type { DeviceRegistry } from "../registry";
import { adoptedSensors } from "./sensors";
import { followAdoptedSwitches } from "./switches";

/** What the adopted devices' uses need besides the devices domain. */
export interface UsesDeps {
  router: DeviceRouter;
  /** The plain broker link the hub publishes the live channel on. */
  link: BrokerLink;
  /** The household file's switch names: an adopted switch of one of them shows nothing (the household's comes first). */
  householdSwitches?: ReadonlySet<string>;
  /** The bridge's sink of adopted sensors (bridge/bridge.ts Bridge.adoptSensors); absent: none are read. */
  adoptSensors?: ((sensors: readonly Sensor[]) => void) | undefined;
}

/**
 * Applies what adopted devices stand for on the spec's screens (contract/adoption.ts DeviceUse), at
 * start and on every adoption change without a restart: sensors handed to the bridge
 * (`sensor/<kind>/<place>` like the household file's), switches' state on `power/<name>/POWER`
 * (uses/switches.ts), and the leak and smoke alarms of every device (alarms.ts). Switch commands and
 * `GET /config/switches` are the switches domain's, `GET /config/sensors` the config domain's; both
 * read `devices.adoptions`. Answers a stop function.
 */
export function startUses(
  devices: { registry: DeviceRegistry; adoptions: AdoptionSource },
  { router, link, adoptSensors, householdSwitches }: UsesDeps,
): () => void {
  const { adoptions, registry } = devices;
  const applySensors = () => adoptSensors?.(adoptedSensors(adoptions, registry));
  applySensors();
  const stopChanges = adoptions.onChange(applySensors);
  const stopSwitches = followAdoptedSwitches(router, link, adoptions, registry, householdSwitches);
  const stopAlarms = startAlarms(router, link, registry, adoptions);
  return () => {
    stopChanges();
    stopSwitches();
    stopAlarms();
  };
}
