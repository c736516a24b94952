import * as v from "valibot";
import { SETTING_VALUE_SCHEMAS } from "../../src/shared/contract/settingValues";
import type { SettingKey } from "../../src/shared/contract/settings";
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
export function applySetting(_key: SettingKey, value: unknown, idsToRemove: readonly (string | number)[] | undefined): unknown {
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
 * @throws HubError 400 BAD_REQUEST naming the limit (issue 7: a value 4,000 levels deep was
 *   stored and broke every dashboard; 5,000 levels answered 500)
 */
export function settingJson(value: unknown): string {
  const json = JSON.stringify(value);
  const problem = settingValueProblem(json);
  if (problem !== null) throw new HubError("BAD_REQUEST", problem);
  return json;
}

/** A path segment shown in a message: a field name or an array index. */
const SHOWN_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

/**
 * The message of a refused setting value: `value.<path>: <rule>` (e.g. `value.0.max: must be above
 * min`). Our schemas' own messages are used; valibot's default ones (they quote the value received)
 * are replaced by the rule's type and expectation.
 */
function valueProblem(issue: v.BaseIssue<unknown>): string {
  const segments = ["value"];
  for (const item of issue.path ?? []) {
    const key: unknown = item.key;
    if (typeof key === "number" || (typeof key === "string" && SHOWN_KEY.test(key))) segments.push(String(key));
    else segments.push("?");
  }
  const own = issue.kind === "validation" && !/received/i.test(issue.message);
  const rule = own ? issue.message : issue.expected ? `expected ${issue.expected}` : `${issue.type} rule failed`;
  return `${segments.join(".")}: ${rule}`;
}

/** Switch names and the relays each takes (`relayCommands` of hub/switches/service.ts): what settings may refer to. */
export type KnownSwitches = ReadonlyMap<string, { has(relay: number): boolean }>;

/** The first switch item in `value` (per key) that names no household switch or a relay it lacks, as a message; null when all are known. */
function unknownSwitch(key: SettingKey, value: unknown, known: KnownSwitches): string | null {
  const check = (item: string, where: string): string | null => {
    const [name = "", relay] = item.split("/");
    const relays = known.get(name);
    if (relays === undefined) return `${where}: unknown switch`;
    if (relay !== undefined && !relays.has(Number(relay))) return `${where}: the switch has no such relay`;
    return null;
  };
  if (key === "garageLight") return typeof value === "string" ? check(value, "value") : null;
  if (key === "dashboardSwitches" || key === "carDashboardSwitches") {
    const items = value as string[];
    for (const [index, item] of items.entries()) {
      const problem = check(item, `value.${index}`);
      if (problem) return problem;
    }
  }
  if (key === "switchesList") {
    for (const [groupIndex, group] of (value as { items: string[] }[]).entries()) {
      for (const [index, item] of group.items.entries()) {
        const problem = check(item, `value.${groupIndex}.items.${index}`);
        if (problem) return problem;
      }
    }
  }
  return null;
}

/**
 * Checks a setting's value against its key's schema (SETTING_VALUE_SCHEMAS, docs/contract.md
 * "Setting values") and, when `known` is given, that every switch item names a household switch and
 * one of its relays.
 * @returns the value as the schema outputs it
 * @throws HubError 400 BAD_REQUEST naming the field under `value` and the rule, never the value
 */
export function checkSettingValue(key: SettingKey, value: unknown, known?: KnownSwitches): unknown {
  const result = v.safeParse(SETTING_VALUE_SCHEMAS[key], value, { abortEarly: true });
  if (!result.success) {
    const issue = result.issues[0];
    throw new HubError("BAD_REQUEST", issue ? valueProblem(issue) : "value: invalid");
  }
  const problem = known ? unknownSwitch(key, result.output, known) : null;
  if (problem) throw new HubError("BAD_REQUEST", problem);
  return result.output;
}
