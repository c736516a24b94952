import { authDomain } from "./auth/domain";
import { automationsDomain } from "./automations/domain";
import { bridgeDomain } from "./bridge/domain";
import { calendarDomain } from "./calendar/domain";
import { camerasDomain } from "./cameras/domain";
import { climateDomain } from "./climate/domain";
import { configDomain } from "./config/domain";
import { devicesDomain } from "./devices/domain";
import { openDatabase, type Db } from "./core/db";
import { demoDevicesOf, migrationsOf, type HubDomain } from "./core/domain";
import { energyDomain } from "./energy/domain";
import { garageDomain } from "./garage/domain";
import { gpsDomain } from "./gps/domain";
import { historyDomain } from "./history/domain";
import { irDomain } from "./ir/domain";
import { lightsDomain } from "./lights/domain";
import { panelsDomain } from "./panels/domain";
import { preferencesDomain } from "./preferences/domain";
import { pvDomain } from "./pv/domain";
import { pushDomain } from "./push/domain";
import { settingsDomain } from "./settings/domain";
import type { SimDevice } from "./simulator/devices";
import { switchesDomain } from "./switches/domain";
import { watchdogDomain } from "./watchdog/domain";

/**
 * THE list of the hub's domains (core/domain.ts HubDomain), in start order: a domain may use the
 * services of those before it (`context.get`). server.ts starts them in this order and closes them in
 * reverse; the API bases (api-bases.ts), the household schema, the migrations, the automation
 * actions and the simulator are built from it. `auth`, `bridge` and `devices` are needed by every hub.
 */
export const HUB_DOMAINS: readonly HubDomain[] = [
  authDomain,
  preferencesDomain,
  settingsDomain,
  bridgeDomain,
  devicesDomain,
  lightsDomain,
  switchesDomain,
  watchdogDomain,
  garageDomain,
  historyDomain,
  gpsDomain,
  climateDomain,
  irDomain,
  automationsDomain,
  camerasDomain,
  configDomain,
  pvDomain,
  energyDomain,
  calendarDomain,
  panelsDomain,
  pushDomain,
];

/** The schema versions this hub knows (a database holding another one was made by a newer hub). */
export const SCHEMA_VERSIONS: readonly number[] = migrationsOf(HUB_DOMAINS).map((migration) => migration.version);

/**
 * Opens (creating if needed) `<dataDir>/hub.sqlite` with the migrations of `domains` (default: all)
 * applied in their order (core/db.ts openDatabase).
 */
export function openDb(dataDir: string, domains: readonly HubDomain[] = HUB_DOMAINS): Db {
  return openDatabase(dataDir, migrationsOf(domains));
}

/** The demo household's simulated devices, of every domain (each domain's `demo.devices`). */
export function demoDevices(random: () => number = Math.random): SimDevice[] {
  return demoDevicesOf(HUB_DOMAINS, random);
}
