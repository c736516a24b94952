import type { SettingKey } from "../store/settings";

function hasId(entry: unknown, ids: ReadonlySet<string>): boolean {
  if (typeof entry !== "object" || entry === null || !("id" in entry)) return false;
  const id = entry.id;
  return (typeof id === "string" || typeof id === "number") && ids.has(String(id));
}

/**
 * The value to store for `PATCH /settings` (spec §7): `value` as given, except that
 * `idsToRemove` (tempWatchdog) removes entries whose `id` is listed from an array value, or
 * keys listed from an object value.
 */
export function applySetting(_key: SettingKey, value: unknown, idsToRemove: readonly (string | number)[] | undefined): unknown {
  if (!idsToRemove || idsToRemove.length === 0) return value;
  const ids = new Set(idsToRemove.map(String));
  if (Array.isArray(value)) return value.filter((entry: unknown) => !hasId(entry, ids));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !ids.has(key)));
  }
  return value;
}
