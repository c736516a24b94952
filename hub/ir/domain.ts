import { registerIrExecutor } from "../automations/device-executors";
import { defineDomain, type HouseholdSections } from "../core/domain";
import type { Migration } from "../core/db";
import { devicesDomain } from "../devices/domain";
import { IR_SECTIONS } from "../household/schema";
import { tasmotaIrBlaster } from "../simulator/ir";
import { irRoutes } from "./routes";
import { IrService } from "./service";
import { IrStore } from "./store";

const MIGRATIONS: readonly Migration[] = [
  {
    // Learned IR codes saved with POST /ir/code: one named button per device and name;
    // `code` is the IrCode JSON ({protocol, bits, data}), validated on read (ir/store.ts).
    version: 6,
    order: 4,
    sql: `
      CREATE TABLE ir_codes (
        device TEXT NOT NULL,
        name TEXT NOT NULL,
        code TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (device, name)
      );
    `,
  },
];

/** The IR blaster of the demo household. */
const DEMO_HOUSEHOLD = {
  ir: [{ device: "pilot_salon", label: "Pilot w salonie", room: "Salon" }],
} satisfies HouseholdSections<typeof IR_SECTIONS>;

/** The IR blasters (docs/contract.md "Infrared remotes"): learning and sending codes; the automation action `ir`. */
export const irDomain = defineDomain({
  name: "ir",
  routes: { ir: ["general", "generalV1"] },
  household: IR_SECTIONS,
  migrations: MIGRATIONS,
  topicRoots: ["ir", "features"],
  automation: { actions: ["ir"] },
  demo: {
    household: DEMO_HOUSEHOLD,
    devices: () => DEMO_HOUSEHOLD.ir.map((blaster) => tasmotaIrBlaster(blaster.device)),
    simulates: DEMO_HOUSEHOLD.ir.map((blaster) => blaster.device),
  },
  start: ({ household, commandLink, db, log, router, actions, get }) => {
    const commands = get(devicesDomain).commands;
    const ir = new IrService(household.ir ?? [], commandLink, commands, new IrStore(db), log).start(router);
    registerIrExecutor(actions, { ir });
    return { service: ir, routes: { ir: irRoutes({ ir }) } };
  },
});
