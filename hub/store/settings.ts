import * as v from "valibot";
import type { Db } from "./db";

/** Setting keys of spec §3 "Settings entries". */
export const SETTING_KEYS = [
  "garageLight",
  "dashboardSwitches",
  "carDashboardSwitches",
  "switchesList",
  "weatherWatchdog",
  "tempWatchdog",
] as const;

export const SettingKeySchema = v.picklist(SETTING_KEYS);
export type SettingKey = v.InferOutput<typeof SettingKeySchema>;

/** Household-wide settings: key -> JSON value. */
export class SettingsStore {
  constructor(private readonly db: Db) {}

  /** The stored value, or undefined when absent or unreadable. */
  get(key: SettingKey): unknown {
    const row = this.db.prepare<[string], { json: string }>("SELECT json FROM settings WHERE key = ?").get(key);
    if (!row) return undefined;
    try {
      return JSON.parse(row.json) as unknown;
    } catch {
      return undefined;
    }
  }

  /** Every readable stored setting. */
  all(): { key: SettingKey; value: unknown }[] {
    const rows = this.db.prepare<[], { key: string; json: string }>("SELECT key, json FROM settings").all();
    const out: { key: SettingKey; value: unknown }[] = [];
    for (const row of rows) {
      const key = v.safeParse(SettingKeySchema, row.key);
      if (!key.success) continue;
      try {
        out.push({ key: key.output, value: JSON.parse(row.json) as unknown });
      } catch {
        // unreadable row: skipped, the next PATCH overwrites it
      }
    }
    return out;
  }

  set(key: SettingKey, value: unknown): void {
    this.db
      .prepare(
        "INSERT INTO settings (key, json, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at",
      )
      .run(key, JSON.stringify(value), new Date().toISOString());
  }
}
