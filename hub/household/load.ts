import * as v from "valibot";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { findJsonSyntaxFault } from "./json-syntax";
import { HouseholdSchema, type Household } from "./schema";

/** The built-in demo household (Polish labels), used in demo mode when no file is configured. */
export const DEMO_HOUSEHOLD_PATH = fileURLToPath(new URL("./demo.json", import.meta.url));

/**
 * Thrown for a missing or malformed household file; the message names the path and the line and
 * column or the field, and never quotes the file (it holds camera passwords).
 */
export class HouseholdConfigError extends Error {}

/** A path segment named in a message: a field name or an index, else `?` (it would quote the file). */
const SHOWN_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

/** True for a key a strict object does not take: the file's own text, so the message names its parent. */
function isUnknownKey(issue: v.BaseIssue<unknown>): boolean {
  return issue.type === "strict_object" && issue.expected === "never";
}

/** Where a schema issue is: `cameras.0.source.url`, `(root)` at the top; never an unknown key itself. */
function whereOf(issue: v.BaseIssue<unknown>): string {
  const path = issue.path ?? [];
  const segments = (isUnknownKey(issue) ? path.slice(0, -1) : path).map((item) => {
    const key: unknown = item.key;
    if (typeof key === "number") return String(key);
    return typeof key === "string" && SHOWN_KEY.test(key) ? key : "?";
  });
  return segments.length > 0 ? segments.join(".") : "(root)";
}

/**
 * The words of an issue whose schema gave none, from the schema only: valibot's own message ends
 * with `but received "<the value>"`, which would put a camera's password into the hub's log.
 */
function ruleOf(issue: v.BaseIssue<unknown>): string {
  if (isUnknownKey(issue)) return "unknown field";
  if (issue.received === "undefined") return "required";
  if (issue.kind === "schema") return `expected ${issue.expected ?? issue.type}`;
  return issue.expected ? `${issue.type} ${issue.expected}` : `${issue.type} rule failed`;
}

/**
 * Parses household JSON text.
 * @throws HouseholdConfigError `<path>: not valid JSON at line <l>, column <c>: expected <grammar>` for text
 *   that is not JSON, `<path>: field <dot path>: <rule>` for the first field the schema refuses
 *   (the schema's own words, or the rule it broke); neither quotes the file's text.
 */
export function parseHousehold(text: string, path: string): Household {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    const fault = findJsonSyntaxFault(text);
    if (fault === null) throw new HouseholdConfigError(`${path}: not valid JSON`);
    const ending = fault.offset >= text.length ? "the file ends too early, " : "";
    throw new HouseholdConfigError(
      `${path}: not valid JSON at line ${String(fault.line)}, column ${String(fault.column)}: ${ending}expected ${fault.expected}`,
    );
  }
  const result = v.safeParse(HouseholdSchema, raw, { message: ruleOf });
  if (!result.success) {
    const issue = result.issues[0];
    throw new HouseholdConfigError(
      `${path}: field ${issue ? whereOf(issue) : "(root)"}: ${issue?.message ?? "invalid"}`,
    );
  }
  const ids = new Set<string>();
  for (const sensor of result.output.sensors) {
    if (ids.has(sensor.id)) throw new HouseholdConfigError(`${path}: field sensors: duplicate sensor id ${sensor.id}`);
    ids.add(sensor.id);
  }
  return result.output;
}

/**
 * Loads the household: `configPath` (HUB_CONFIG) when given (must exist), else
 * `<dataDir>/household.json` when present, else the demo household in demo mode, else an empty
 * household. Throws HouseholdConfigError on a missing configured file or malformed content.
 */
export function loadHousehold(options: { configPath?: string | undefined; dataDir: string; demo: boolean }): {
  household: Household;
  path: string | null;
} {
  const candidates: string[] = [];
  if (options.configPath) {
    if (!existsSync(options.configPath))
      throw new HouseholdConfigError(`${options.configPath}: file not found (HUB_CONFIG)`);
    candidates.push(options.configPath);
  } else {
    const inData = join(options.dataDir, "household.json");
    if (existsSync(inData)) candidates.push(inData);
    else if (options.demo) candidates.push(DEMO_HOUSEHOLD_PATH);
  }
  const path = candidates[0];
  if (path === undefined) return { household: v.parse(HouseholdSchema, {}), path: null };
  return { household: parseHousehold(readFileSync(path, "utf8"), path), path };
}
