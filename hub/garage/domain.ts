import { registerGarageExecutor } from "../automations/executors";
import { defineDomain, type HouseholdSections } from "../core/domain";
import { devicesDomain } from "../devices/domain";
import { GARAGE_SECTIONS } from "../household/schema";
import { settingsDomain } from "../settings/domain";
import { startTasmotaShutter } from "../simulator/shutter";
import { switchesDomain } from "../switches/domain";
import { followAdoptedDoors } from "./adopted";
import { startGarageLight } from "./light";
import { garageRoutes } from "./routes";
import { GarageService } from "./service";

/** The garage door and the gate of the demo household. */
const DEMO_HOUSEHOLD = {
  garage: [
    { door: "garage", label: "Brama garażowa", room: "Garaż", device: "garaz", shutter: 1 },
    { door: "gate", label: "Brama wjazdowa", room: "Garaż", device: "brama", shutter: 1 },
  ],
} satisfies HouseholdSections<typeof GARAGE_SECTIONS>;

/** Tasmota topics of the demo household's garage door and gate shutters. */
const DEMO_SHUTTERS = [...new Set(DEMO_HOUSEHOLD.garage.map((door) => door.device))];

/**
 * The garage door and the gate (the garage base, docs/contract.md "Garage"): Tasmota shutters or covers
 * adopted as them (adopted.ts), the garage light switched with the door (setting `garageLight`); the
 * automation action `garage`.
 */
export const garageDomain = defineDomain({
  name: "garage",
  routes: { garage: ["garage"] },
  household: GARAGE_SECTIONS,
  topicRoots: ["garage"],
  automation: { actions: ["garage"] },
  demo: {
    household: DEMO_HOUSEHOLD,
    // One travel step every min(500, interval) ms: full travel (12 steps) 6 s by default, shorter in tests.
    start: ({ link, log, intervalMs }) => {
      const shutters = DEMO_SHUTTERS.map((name) =>
        startTasmotaShutter({ link, name, stepMs: Math.min(500, intervalMs), log }),
      );
      return { stop: () => shutters.forEach((shutter) => shutter.stop()) };
    },
    simulates: DEMO_SHUTTERS,
  },
  start: (context) => {
    const { link, household, log, actions } = context;
    const settings = context.get(settingsDomain).settings;
    startGarageLight({
      link,
      switches: context.get(switchesDomain).switches,
      setting: () => settings.get("garageLight"),
      log,
    });
    const { commands, adoptions, registry, states } = context.get(devicesDomain);
    const own = new Set(household.garage.map((entry) => entry.door));
    const adopted = followAdoptedDoors(context.router, link, adoptions, registry, own, states);
    const garage = new GarageService(commands, household, adoptions, (door) => adopted.reading(door));
    registerGarageExecutor(actions, { household, garage });
    return { service: garage, routes: { garage: garageRoutes({ garage }) }, stop: () => adopted.stop() };
  },
});
