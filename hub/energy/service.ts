import { energyTopic } from "../../contract/energy";
import type { DeviceRouter } from "../bridge/router";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { Switch } from "../household/schema";
import { ENERGY_KINDS, energyObjectOf, energyReadingOf } from "./reading";

/** Counters of the energy domain: readings published, and ENERGY objects without a usable `Power`. */
export interface EnergyStats {
  published: number;
  unusable: number;
}

/**
 * The energy domain's service (docs/contract.md "Energy monitoring"): follows the `ENERGY` of the
 * household switches' Tasmota devices (`tele/<t>/SENSOR`, `stat/<t>/STATUS10` and `STATUS8`, read
 * once by the device router) and publishes each switch's reading, retained, on
 * `device/<switch>/energy` (a switch bound to one relay gets that channel of a multi-channel meter).
 * A message without ENERGY is ignored; one whose ENERGY has no usable `Power` is counted, never thrown.
 */
export class EnergyService {
  readonly stats: EnergyStats = { published: 0, unusable: 0 };
  private readonly byDevice = new Map<string, Switch[]>();

  constructor(
    private readonly link: BrokerLink,
    switches: readonly Switch[],
    private readonly log?: HubLogger,
  ) {
    for (const item of switches) this.byDevice.set(item.device, [...(this.byDevice.get(item.device) ?? []), item]);
  }

  /** Follows the router's Tasmota events of the kinds that carry ENERGY. */
  start(router: DeviceRouter): this {
    router.on({ source: "tasmota", kinds: ENERGY_KINDS }, (event) => {
      const switches = this.byDevice.get(event.device);
      const energy = switches && event.json ? energyObjectOf(event.kind, event.json) : undefined;
      if (!switches || !energy) return;
      const at = new Date();
      for (const item of switches) {
        const reading = energyReadingOf(energy, item.relay, at);
        if (!reading) {
          this.stats.unusable += 1;
          this.log?.debug({ device: event.device }, "energy: ENERGY without a usable Power, not published");
          continue;
        }
        this.link.publish(energyTopic(item.name), JSON.stringify(reading), { retain: true, qos: 0 });
        this.stats.published += 1;
      }
    });
    return this;
  }
}
