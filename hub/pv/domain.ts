import { defineDomain } from "../core/domain";
import type { Migration } from "../core/db";
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
];

/** The PV logs (docs/contract.md "PV"): uploaded inverter CSVs, their summaries and readings. */
export const pvDomain = defineDomain({
  name: "pv",
  routes: { pv: ["general", "generalV1"] },
  migrations: MIGRATIONS,
  start: ({ db }) => ({ service: null, routes: { pv: pvRoutes({ pv: new PvService(new PvStore(db)) }) } }),
});
