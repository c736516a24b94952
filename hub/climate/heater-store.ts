import * as v from "valibot";
import { HeaterConfigSchema, type HeaterConfig } from "../../contract/climate";
import type { Db } from "../core/db";

/** The heater's stored config (table `heater_config`, one row, migration 4), validated on read. */
export class HeaterStore {
  constructor(private readonly db: Db) {}

  /** The stored config, or null when none is stored or the row breaks the contract's rules. */
  get(): HeaterConfig | null {
    const row = this.db
      .prepare<[], { mode: string; temperature: number; sensor: string }>(
        "SELECT mode, temperature, sensor FROM heater_config WHERE id = 1",
      )
      .get();
    if (!row) return null;
    const parsed = v.safeParse(HeaterConfigSchema, row);
    return parsed.success ? parsed.output : null;
  }

  /** Stores `config` (replacing the previous one). */
  save(config: HeaterConfig): void {
    this.db
      .prepare(
        "INSERT INTO heater_config (id, mode, temperature, sensor, updated_at) VALUES (1, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET mode = excluded.mode, temperature = excluded.temperature, sensor = excluded.sensor, updated_at = excluded.updated_at",
      )
      .run(config.mode, config.temperature, config.sensor, new Date().toISOString());
  }
}
