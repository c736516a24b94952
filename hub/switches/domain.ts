import { authDomain } from "../auth/domain";
import { registerSwitchExecutor } from "../automations/executors";
import { defineDomain } from "../core/domain";
import type { Migration } from "../core/db";
import { SWITCHES_SECTIONS } from "../household/schema";
import { tasmotaSwitch } from "../simulator/devices";
import { TasmotaConsole } from "./console";
import { SwitchDefinitions } from "./edits";
import { switchesRoutes } from "./routes";
import { SwitchService } from "./service";
import { devicesDomain } from "../devices/domain";

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

/**
 * The household's Tasmota switches and their relays (docs/contract.md "Switches"): commands, the
 * edited labels and purposes (`switch_edits`), the Tasmota console; the automation action `switch`.
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
    devices: (random) => [
      tasmotaSwitch("lampa_salon", 1, random),
      tasmotaSwitch("listwa", 3, random),
      tasmotaSwitch("pompa", 1, random),
      tasmotaSwitch("swiatlo_garaz", 1, random),
      tasmotaSwitch("grzejnik", 1, () => 0.9), // the heater's relay: starts OFF, switched only by the hub's thermostat
    ],
    simulates: ["lampa_salon", "listwa", "pompa", "swiatlo_garaz", "grzejnik"],
  },
  start: (context) => {
    const { household, commandLink, db, log, router, actions } = context;
    const switches = new SwitchService(household.switches, context.get(devicesDomain).commands);
    const definitions = new SwitchDefinitions(household.switches, db);
    const tasmotaConsole = new TasmotaConsole(household.switches, commandLink, context.get(authDomain), log).start(
      router,
    );
    registerSwitchExecutor(actions, { household, switches });
    return {
      service: { switches, definitions },
      routes: { switches: switchesRoutes({ switches, definitions, tasmotaConsole }) },
    };
  },
});
