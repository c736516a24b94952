import { registerAcExecutor, registerHeaterExecutor } from "../automations/device-executors";
import { defineDomain, type HouseholdSections } from "../core/domain";
import type { Migration } from "../core/db";
import { CLIMATE_SECTIONS } from "../household/schema";
import { tasmotaHvacBlaster } from "../simulator/climate";
import { AcService } from "./ac-service";
import { HeaterService } from "./heater-service";
import { devicesDomain } from "../devices/domain";
import { HeaterStore } from "./heater-store";
import { chooseHeater } from "./heater";
import { ValveHeater } from "./valve-heater";
import { climateRoutes } from "./routes";

const MIGRATIONS: readonly Migration[] = [
  {
    // The heater's config (hub/climate/heater-store.ts), one row
    version: 4,
    order: 10,
    sql: `
      CREATE TABLE heater_config (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        mode TEXT NOT NULL,
        temperature REAL NOT NULL,
        sensor TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `,
  },
];

/**
 * The heater and the AC unit of the demo household: the heater is driven by the demo's switch
 * `grzejnik` (switches/domain.ts), the AC by a Tasmota IR blaster of its own.
 */
const DEMO_HOUSEHOLD = {
  heater: {
    label: "Ogrzewanie",
    room: "Salon",
    switch: "grzejnik",
    sensor: "salon-temp",
    temperature: 21,
    mode: "off",
  },
  ac: [{ id: "salon", label: "Klimatyzacja", room: "Salon", device: "klima_salon", vendor: "COOLIX" }],
} satisfies HouseholdSections<typeof CLIMATE_SECTIONS>;

/**
 * The heater (a household switch's relay driven by the hub's thermostat, or, without one in the
 * household file, a thermostatic valve adopted as the heater: valve-heater.ts) and the AC units
 * (Tasmota IRHVAC) (docs/contract.md "Climate"); the automation actions `heater` and `ac`.
 */
export const climateDomain = defineDomain({
  name: "climate",
  routes: { climate: ["general", "generalV1"] },
  household: CLIMATE_SECTIONS,
  migrations: MIGRATIONS,
  topicRoots: ["heater", "ac"],
  automation: { actions: ["heater", "ac"] },
  demo: {
    household: DEMO_HOUSEHOLD,
    devices: () => DEMO_HOUSEHOLD.ac.map((unit) => tasmotaHvacBlaster(unit.device)),
    simulates: DEMO_HOUSEHOLD.ac.map((unit) => unit.device),
  },
  start: ({ commandLink, link, router, household, db, log, actions, get }) => {
    const devices = get(devicesDomain);
    const store = new HeaterStore(db);
    const relay = new HeaterService(commandLink, devices.commands, household, store, log).start();
    const fromFile = household.heater !== undefined;
    const valve = fromFile ? undefined : new ValveHeater({ ...devices, router, link, store });
    const heater = chooseHeater(relay, fromFile, valve);
    const ac = new AcService(commandLink, devices.commands, household).start();
    registerHeaterExecutor(actions, { heater });
    registerAcExecutor(actions, { ac, acUnits: (household.ac ?? []).map((unit) => unit.id) });
    return {
      service: { heater, ac },
      routes: { climate: climateRoutes({ heater, ac }) },
      stop: () => {
        ac.stop();
        valve?.stop();
        relay.stop();
      },
    };
  },
});
