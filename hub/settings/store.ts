import * as v from "valibot";
import { SettingKeySchema, type SettingKey } from "../../contract/settings";
import { settingValueProblem } from "../core/json-limits";
import type { Db } from "../core/db";

/** Why a stored setting was skipped on read: its key, and the limit its JSON breaks or "unreadable JSON". */
export type SkippedSetting = (key: string, problem: string) => void;

/**
 * Parses one stored value, validated on read (DESIGN.md §7): the text is checked against the
 * JSON limits (settingValueProblem: depth and size, measured before parsing) and must parse.
 * @returns the value, or `{problem}` saying why it is not used
 */
function readValue(json: string): { value: unknown } | { problem: string } {
  const problem = settingValueProblem(json);
  if (problem !== null) return { problem };
  try {
    return { value: JSON.parse(json) as unknown };
  } catch {
    return { problem: "unreadable JSON" };
  }
}

/**
 * Household-wide settings: key -> JSON value, in the `settings` table. Values are validated on
 * read against the JSON limits of hub/core/json-limits.ts (a value stored before the limits
 * existed may break them), so a value that breaks them is never handed out or republished.
 */
export class SettingsStore {
  constructor(private readonly db: Db) {}

  /** The stored value, or undefined when absent, unreadable or beyond the JSON limits. */
  get(key: SettingKey): unknown {
    const row = this.db.prepare<[string], { json: string }>("SELECT json FROM settings WHERE key = ?").get(key);
    if (!row) return undefined;
    const read = readValue(row.json);
    return "value" in read ? read.value : undefined;
  }

  /**
   * Every stored setting that is a known key, readable and within the JSON limits (the hub
   * republishes these at start). Each other row is skipped and reported to `onSkipped`; the next
   * PATCH of that key overwrites it.
   */
  all(onSkipped?: SkippedSetting): { key: SettingKey; value: unknown }[] {
    const rows = this.db.prepare<[], { key: string; json: string }>("SELECT key, json FROM settings").all();
    const out: { key: SettingKey; value: unknown }[] = [];
    for (const row of rows) {
      const key = v.safeParse(SettingKeySchema, row.key);
      if (!key.success) {
        onSkipped?.(row.key.slice(0, 64), "unknown key");
        continue;
      }
      const read = readValue(row.json);
      if ("value" in read) out.push({ key: key.output, value: read.value });
      else onSkipped?.(key.output, read.problem);
    }
    return out;
  }

  /**
   * Stores `value` as JSON (insert or replace). The caller checks the limits first
   * (PATCH /settings answers 400 beyond them); a value that breaks them anyway would be skipped
   * on read.
   */
  set(key: SettingKey, value: unknown): void {
    this.db
      .prepare(
        "INSERT INTO settings (key, json, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at",
      )
      .run(key, JSON.stringify(value), new Date().toISOString());
  }
}
