// Writes docs/household.schema.json, the household file's JSON Schema for editors, from the hub's
// household schema (hub/household/schema.ts HouseholdSchema: every domain's sections) with the
// valibot project's converter (@valibot/to-json-schema), formatted as Prettier formats the
// repository. The hub serves the same file at GET /household.schema.json; hub/devices/adoption/
// household.test.ts holds it equal to what this script builds.
// Run: `npm run household-schema` after changing a household section or the contract's adoption.
import { toJsonSchema, type JsonSchema } from "@valibot/to-json-schema";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { pathToFileURL } from "node:url";
import { format, resolveConfig } from "prettier";
import { HouseholdSchema } from "../hub/household/schema";

/** Where the schema is written (and read by the hub, which serves it). */
export const HOUSEHOLD_SCHEMA_FILE = fileURLToPath(new URL("../docs/household.schema.json", import.meta.url));

/**
 * Valibot actions JSON Schema has no word for, left out of the editor's schema (the hub still
 * applies them when it reads the file): `check` (cross-field rules: a door at most once, a switch
 * bound to a relay named otherwise), `finite` (JSON numbers are finite anyway) and `trim`.
 * Anything else the converter cannot convert fails the script.
 */
const IGNORED_ACTIONS = ["check", "finite", "trim"];

/** The household file's JSON Schema (draft-07, the input type: defaults may be left out). */
export function householdJsonSchema(): JsonSchema {
  const { $schema, ...rest } = toJsonSchema(HouseholdSchema, {
    typeMode: "input",
    errorMode: "throw",
    ignoreActions: IGNORED_ACTIONS,
  });
  return {
    $schema,
    title: "Household file (household.json)",
    description:
      "The hub's household file (docs/contract.md, Devices: adoption). Generated from hub/household/schema.ts by npm run household-schema: do not edit. Cross-field rules (each door once, unique ids and switch names) are checked by the hub only.",
    ...rest,
  };
}

/** The text docs/household.schema.json should hold: {@link householdJsonSchema}, Prettier-formatted JSON. */
export async function householdSchemaText(): Promise<string> {
  const config = (await resolveConfig(HOUSEHOLD_SCHEMA_FILE)) ?? {};
  return format(JSON.stringify(householdJsonSchema()), { ...config, filepath: HOUSEHOLD_SCHEMA_FILE });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const text = await householdSchemaText();
  let before = "";
  try {
    before = readFileSync(HOUSEHOLD_SCHEMA_FILE, "utf8");
  } catch {
    // First run: no file yet.
  }
  if (before !== text) writeFileSync(HOUSEHOLD_SCHEMA_FILE, text);
  console.log(`${HOUSEHOLD_SCHEMA_FILE}: ${before !== text ? "written" : "unchanged"}`);
}
