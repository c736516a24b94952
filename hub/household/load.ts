import * as v from "valibot";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { HouseholdSchema, type Household } from "./schema";

/** The built-in demo household (Polish labels), used in demo mode when no file is configured. */
export const DEMO_HOUSEHOLD_PATH = fileURLToPath(new URL("./demo.json", import.meta.url));

/** Thrown for a missing or malformed household file; the message names the path and the field. */
export class HouseholdConfigError extends Error {}

/** Parses household JSON text; throws HouseholdConfigError naming `path` and the first bad field. */
export function parseHousehold(text: string, path: string): Household {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new HouseholdConfigError(`${path}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const result = v.safeParse(HouseholdSchema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    const where = issue ? (v.getDotPath(issue) ?? "(root)") : "(root)";
    throw new HouseholdConfigError(`${path}: field ${where}: ${issue?.message ?? "invalid"}`);
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
export function loadHousehold(options: { configPath?: string | undefined; dataDir: string; demo: boolean }): { household: Household; path: string | null } {
  const candidates: string[] = [];
  if (options.configPath) {
    if (!existsSync(options.configPath)) throw new HouseholdConfigError(`${options.configPath}: file not found (HUB_CONFIG)`);
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
