import * as v from "valibot";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { demoHouseholdOf } from "../core/domain";
import { HUB_DOMAINS } from "../domains";
import { findJsonSyntaxFault } from "./json-syntax";
import { HouseholdSchema, type Household } from "./schema";

/**
 * The built-in demo household (Polish labels) as a file: what the declarations of hub/domains.ts
 * build (core/domain.ts demoHouseholdOf), written by `npm run demo-household` for the tests, e2e
 * specs and benches that read it; the hub itself builds it from the declarations.
 */
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

/** The household without any section: each domain's defaults (no switches, no garage doors ...). */
const EMPTY_HOUSEHOLD: Household = v.parse(HouseholdSchema, {});

/**
 * The sections of `raw` (a parsed household file) that no domain of this hub declares although a
 * domain of the hub's full list does: dropped when read (load.ts), named in a warning by the hub.
 */
export function ignoredSections(raw: unknown, sections: v.ObjectEntries): string[] {
  if (typeof raw !== "object" || raw === null) return [];
  return Object.keys(raw).filter((key) => key in HouseholdSchema.entries && !(key in sections));
}

/**
 * Parses household JSON text with the sections of `sections` (default: every domain's,
 * HouseholdSchema); a section of a domain this hub runs without is dropped unread, and its key
 * keeps the empty household's default.
 * @throws HouseholdConfigError `<path>: not valid JSON at line <l>, column <c>: expected <grammar>` for text
 *   that is not JSON, `<path>: field <dot path>: <rule>` for the first field the schema refuses
 *   (the schema's own words, or the rule it broke); neither quotes the file's text.
 */
export function parseHousehold(
  text: string,
  path: string,
  sections: v.ObjectEntries = HouseholdSchema.entries,
): Household {
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
  const schema = sections === HouseholdSchema.entries ? HouseholdSchema : v.object(sections);
  const result = v.safeParse(schema, raw, { message: ruleOf });
  if (!result.success) {
    const issue = result.issues[0];
    throw new HouseholdConfigError(
      `${path}: field ${issue ? whereOf(issue) : "(root)"}: ${issue?.message ?? "invalid"}`,
    );
  }
  // The listed sections are HouseholdSchema's own entries: their output has Household's types.
  const household: Household = { ...EMPTY_HOUSEHOLD, ...(result.output as Partial<Household>) };
  const ids = new Set<string>();
  for (const sensor of household.sensors) {
    if (ids.has(sensor.id)) throw new HouseholdConfigError(`${path}: field sensors: duplicate sensor id ${sensor.id}`);
    ids.add(sensor.id);
  }
  return household;
}

/**
 * Loads the household: `configPath` (HUB_CONFIG) when given (must exist), else
 * `<dataDir>/household.json` when present, else in demo mode the demo household of every domain
 * of hub/domains.ts (core/domain.ts demoHouseholdOf; `path` is then DEMO_HOUSEHOLD_PATH, the file
 * holding the same), else an empty household. Only the `sections` given are read (default: all,
 * HouseholdSchema's); `ignored` names the sections of the file or demo household that belong to
 * domains this hub runs without. Throws HouseholdConfigError on a missing configured file or
 * malformed content.
 */
export function loadHousehold(options: {
  configPath?: string | undefined;
  dataDir: string;
  demo: boolean;
  sections?: v.ObjectEntries;
}): {
  household: Household;
  path: string | null;
  ignored: string[];
} {
  let path: string | undefined;
  let demo = false;
  if (options.configPath) {
    if (!existsSync(options.configPath))
      throw new HouseholdConfigError(`${options.configPath}: file not found (HUB_CONFIG)`);
    path = options.configPath;
  } else {
    const inData = join(options.dataDir, "household.json");
    if (existsSync(inData)) path = inData;
    else if (options.demo) [path, demo] = [DEMO_HOUSEHOLD_PATH, true];
  }
  if (path === undefined) return { household: v.parse(HouseholdSchema, {}), path: null, ignored: [] };
  const text = demo ? JSON.stringify(demoHouseholdOf(HUB_DOMAINS)) : readFileSync(path, "utf8");
  const household = parseHousehold(text, path, options.sections);
  return { household, path, ignored: options.sections ? ignoredSections(JSON.parse(text), options.sections) : [] };
}
