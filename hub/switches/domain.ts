import type * as v from "valibot";
import { authDomain } from "../auth/domain";
import { registerSwitchExecutor } from "../automations/executors";
import { defineDomain, type HouseholdSections } from "../core/domain";
import type { Migration } from "../core/db";
import { SWITCHES_SECTIONS, type SwitchSchema } from "../household/schema";
import { tasmotaSwitch } from "../simulator/devices";
import { TasmotaConsole } from "./console";
import { SwitchDefinitions } from "./edits";
import { switchesRoutes } from "./routes";
import { SwitchService } from "./service";
import { devicesDomain } from "../devices/domain";
import { adoptedSwitches } from "../devices/uses/switches";

const MIGRATIONS: readonly Migration[] = [
  {
    // A switch's label and purpose as edited with PATCH /config/switches/{id}, over the
    // household file's definition (switches/edits.ts); `purpose` NULL = none set.
    version: 3,
    order: 3,
    sql: `
      CREATE TABLE switch_edits (
        name TEXT PRIMARY KEY,
        label TEXT NOT NULL,
        purpose TEXT,
        updated_at TEXT NOT NULL
      );
    `,
  },
];

/** The switches and groups of the demo household. */
const DEMO_HOUSEHOLD = {
  switches: [
    { name: "lampa_salon", label: "Lampa w salonie", purpose: "light", device: "lampa_salon" },
    { name: "listwa", label: "Listwa w biurze", purpose: null, device: "listwa", relays: 3 },
    { name: "pompa", label: "Pompa ogrodowa", purpose: null, device: "pompa" },
    { name: "swiatlo_garaz", label: "Światło w garażu", purpose: "light", device: "swiatlo_garaz" },
    { name: "grzejnik", label: "Grzejnik w salonie", purpose: "heater", device: "grzejnik" },
  ],
  switchesList: [
    { name: "Salon", items: ["lampa_salon"] },
    { name: "Biuro", items: ["listwa/1", "listwa/2", "listwa/3"] },
    { name: "Ogród", items: ["pompa"] },
    { name: "Garaż", items: ["swiatlo_garaz"] },
  ],
} satisfies HouseholdSections<typeof SWITCHES_SECTIONS>;

/**
 * The demo's Tasmota switch devices, one per device its switches name, in their order: as many
 * relays as the most any of its switches gives (`relays`, or the `relay` it is bound to); a
 * heater's relay starts OFF (only the hub's thermostat switches it).
 */
function demoSwitchDevices(): { device: string; relays: number; heater: boolean }[] {
  const devices = new Map<string, { device: string; relays: number; heater: boolean }>();
  const switches: readonly v.InferInput<typeof SwitchSchema>[] = DEMO_HOUSEHOLD.switches;
  for (const item of switches) {
    const { device } = item;
    const relays = Math.max(item.relays ?? 1, item.relay ?? 1);
    const known = devices.get(device) ?? { device, relays: 1, heater: false };
    devices.set(device, {
      device,
      relays: Math.max(known.relays, relays),
      heater: known.heater || item.purpose === "heater",
    });
  }
  return [...devices.values()];
}

/**
 * The household's Tasmota switches and their relays (docs/contract.md "Switches"), and devices adopted
 * as switches (the devices domain's adoptions): commands, the edited labels and purposes
 * (`switch_edits`), the Tasmota console; the automation action `switch`.
 * Its service: the switch service and the definitions (household file + edits).
 */
export const switchesDomain = defineDomain({
  name: "switches",
  routes: { switches: ["general", "generalV1"] },
  household: SWITCHES_SECTIONS,
  migrations: MIGRATIONS,
  topicRoots: ["power"],
  automation: { actions: ["switch"], triggers: ["switch"] },
  demo: {
    household: DEMO_HOUSEHOLD,
    devices: (random) =>
      demoSwitchDevices().map(({ device, relays, heater }) =>
        tasmotaSwitch(device, relays, heater ? () => 0.9 : random),
      ),
    simulates: demoSwitchDevices().map(({ device }) => device),
  },
  start: (context) => {
    const { household, commandLink, db, log, router, actions } = context;
    const { commands, adoptions, registry } = context.get(devicesDomain);
    const adopted = () => adoptedSwitches(adoptions, registry);
    const switches = new SwitchService(household.switches, commands, adopted);
    const definitions = new SwitchDefinitions(household.switches, db, adopted);
    const auth = context.get(authDomain);
    const tasmotaConsole = new TasmotaConsole(household.switches, commandLink, commands, auth, log).start(router);
    registerSwitchExecutor(actions, { household, switches });
    return {
      service: { switches, definitions },
      routes: { switches: switchesRoutes({ switches, definitions, tasmotaConsole }) },
    };
  },
});
