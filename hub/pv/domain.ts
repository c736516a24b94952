import { defineDomain } from "../core/domain";
import type { Migration } from "../core/db";
import { devicesDomain } from "../devices/domain";
import { SolarDays } from "../devices/uses/solar-day";
import { followSolar } from "../devices/uses/solar-follow";
import { localDayOf } from "./aggregate";
import { pvRoutes } from "./routes";
import { PvService } from "./service";
import { PvStore } from "./store";

const MIGRATIONS: readonly Migration[] = [
  {
    // PV logs (hub/pv/store.ts): each uploaded CSV's summary and its readings.
    version: 9,
    order: 9,
    sql: `
      CREATE TABLE pv_logs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        uploaded_at TEXT NOT NULL,
        rows INTEGER NOT NULL,
        from_time TEXT NOT NULL,
        to_time TEXT NOT NULL,
        energy_kwh REAL NOT NULL,
        peak_w REAL NOT NULL
      );
      CREATE TABLE pv_readings (
        log_id INTEGER NOT NULL REFERENCES pv_logs(id) ON DELETE CASCADE,
        time_ms INTEGER NOT NULL,
        power_w REAL NOT NULL,
        energy_kwh REAL NOT NULL
      );
      CREATE INDEX pv_readings_log ON pv_readings(log_id, time_ms);
    `,
  },
  {
    // The charts' day and month queries read readings by time (hub/pv/store.ts readingsBetween);
    // an adopted inverter's counter at the start of the local day (hub/devices/uses/solar-day.ts).
    version: 15,
    order: 14,
    sql: `
      CREATE INDEX pv_readings_time ON pv_readings(time_ms);
      CREATE TABLE solar_days (
        device TEXT PRIMARY KEY,
        day TEXT NOT NULL,
        start_kwh REAL NOT NULL,
        last_kwh REAL NOT NULL,
        updated_at TEXT NOT NULL
      );
    `,
  },
];

/**
 * The PV logs (docs/contract.md "PV"): uploaded inverter CSVs, their summaries and readings, the
 * charts' day and month figures; and the live reading of devices adopted as solar
 * (`device/<name>/solar`, hub/devices/uses/solar-follow.ts), when the devices domain runs.
 */
export const pvDomain = defineDomain({
  name: "pv",
  routes: { pv: ["general", "generalV1"] },
  migrations: MIGRATIONS,
  start: (context) => {
    const { db, router, link } = context;
    const devices = context.find(devicesDomain);
    const solar = devices
      ? followSolar(router, link, devices.adoptions, {
          days: new SolarDays(db),
          dayOf: (instant) => localDayOf(instant),
          report: (reason) => devices.registry.report(reason),
        })
      : undefined;
    return {
      service: solar ? { solar: solar.stats } : null,
      routes: { pv: pvRoutes({ pv: new PvService(new PvStore(db)) }) },
      stop: () => solar?.stop(),
    };
  },
});
