import * as v from "valibot";
import { PreferencesSchema, type Preferences, type PreferencesPatch } from "../../contract/preferences";
import type { Db } from "../core/db";

const DEFAULTS: Preferences = v.parse(PreferencesSchema, {});

/**
 * Reads stored JSON into Preferences, validated on read: a missing row, unparsable JSON or a
 * field with a wrong value falls back to that field's default (never throws).
 */
export function readPreferences(json: string | undefined): Preferences {
  if (json === undefined) return { ...DEFAULTS };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ...DEFAULTS };
  }
  const record = v.safeParse(v.record(v.string(), v.unknown()), raw);
  if (!record.success) return { ...DEFAULTS };
  const result: Record<string, unknown> = { ...DEFAULTS };
  for (const [key, schema] of Object.entries(PreferencesSchema.entries)) {
    if (!Object.hasOwn(record.output, key)) continue;
    const field = v.safeParse(schema, record.output[key]);
    if (field.success) result[key] = field.output;
  }
  return v.parse(PreferencesSchema, result);
}

/** Per-user preferences (schema and defaults: contract/preferences.ts), stored as JSON. */
export class PreferencesStore {
  constructor(private readonly db: Db) {}

  get(login: string): Preferences {
    const row = this.db.prepare<[string], { json: string }>("SELECT json FROM preferences WHERE login = ?").get(login);
    return readPreferences(row?.json);
  }

  /** Merges `patch` into the stored preferences and answers the result. */
  patch(login: string, patch: PreferencesPatch): Preferences {
    const merged: Preferences = { ...this.get(login) };
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined) Object.assign(merged, { [key]: value });
    }
    const checked = v.parse(PreferencesSchema, merged);
    this.db
      .prepare(
        "INSERT INTO preferences (login, json) VALUES (?, ?) ON CONFLICT(login) DO UPDATE SET json = excluded.json",
      )
      .run(login, JSON.stringify(checked));
    return checked;
  }
}
