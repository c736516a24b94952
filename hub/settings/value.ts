import { settingValueIssue, unknownSwitchIssue } from "../../contract/settingValues";
import * as v from "valibot";
import { GPS_TILE_URL_SETTING, GpsTileUrlSchema } from "../../contract/gps";
import type { SettingKey } from "../../contract/settings";
import { HubError } from "../core/errors";
import { settingValueProblem } from "../core/json-limits";

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
export function applySetting(
  key: SettingKey,
  value: unknown,
  idsToRemove: readonly (string | number)[] | undefined,
): unknown {
  if (key === GPS_TILE_URL_SETTING) {
    const parsed = v.safeParse(GpsTileUrlSchema, value === "" ? null : value, { abortEarly: true });
    if (!parsed.success)
      throw new HubError("BAD_REQUEST", `value: ${parsed.issues[0]?.message.split(":")[0] ?? "invalid"}`);
    return parsed.output;
  }
  if (!idsToRemove || idsToRemove.length === 0) return value;
  const ids = new Set(idsToRemove.map(String));
  if (Array.isArray(value)) return value.filter((entry: unknown) => !hasId(entry, ids));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !ids.has(key)));
  }
  return value;
}

/**
 * The JSON text of a settings value about to be stored and published, checked against the
 * limits (at most MAX_JSON_DEPTH levels, at most MAX_SETTING_VALUE_BYTES = 64 KiB as JSON).
 * The request body's own depth limit already ran, so serializing cannot overflow the stack.
 * @throws HubError 400 BAD_REQUEST naming the limit
 */
export function settingJson(value: unknown): string {
  const json = JSON.stringify(value);
  const problem = settingValueProblem(json);
  if (problem !== null) throw new HubError("BAD_REQUEST", problem);
  return json;
}

/** Switch names and the relays each takes (`relayCommands` of hub/switches/relays.ts): what settings may refer to. */
export type KnownSwitches = ReadonlyMap<string, { has(relay: number): boolean }>;

/**
 * Checks a setting's value against its key's schema (settingValueIssue, docs/contract.md
 * "Setting values") and, when `known` is given, that every switch item names a household switch and
 * one of its relays.
 * @returns the value
 * @throws HubError 400 BAD_REQUEST naming the field under `value` and the rule, never the value
 */
export function checkSettingValue(key: SettingKey, value: unknown, known?: KnownSwitches): unknown {
  const problem =
    settingValueIssue(key, value) ??
    (known
      ? unknownSwitchIssue(key, value, (item) => {
          const [name = "", relay] = item.split("/");
          const relays = known.get(name);
          if (relays === undefined) return "unknown switch";
          return relay !== undefined && !relays.has(Number(relay)) ? "the switch has no such relay" : null;
        })
      : null);
  if (problem !== null) throw new HubError("BAD_REQUEST", problem);
  return value;
}
