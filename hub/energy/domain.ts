import { defineDomain } from "../core/domain";
import { energyHistory } from "./history";
import { EnergyService } from "./service";
import { simulatedPowerMeter } from "./simulated";

/**
 * Tasmota energy monitoring (docs/contract.md "Energy monitoring"): the `ENERGY` of the household
 * switches' devices on `device/<switch>/energy`, and its history (`energy_power`, `energy_voltage`,
 * `energy_current`, `energy_today`, `energy_total`). No routes, section or tables of its own: it reads
 * the switches of the household file. In the demo, the garden pump's plug measures its power.
 */
export const energyDomain = defineDomain({
  name: "energy",
  topicRoots: ["device"],
  history: energyHistory,
  demo: { devices: (random) => [simulatedPowerMeter("pompa", 640, random)], simulates: [], adds: ["pompa"] },
  start: ({ link, household, log, router }) => ({
    service: new EnergyService(link, household.switches, log).start(router),
  }),
});
