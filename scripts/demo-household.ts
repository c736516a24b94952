// Writes hub/household/demo.json, the demo household as a file, from the domains' declarations
// (each domain's `demo.household`, merged by core/domain.ts demoHouseholdOf over hub/domains.ts),
// formatted as Prettier formats the repository. The tests, e2e specs and benches read that file;
// hub/domains.test.ts holds it equal to what the declarations build.
// Run: `npm run demo-household` after changing a domain's demo household.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { format, resolveConfig } from "prettier";
import { demoHouseholdOf } from "../hub/core/domain";
import { HUB_DOMAINS } from "../hub/domains";
import { DEMO_HOUSEHOLD_PATH } from "../hub/household/load";

/** The text hub/household/demo.json should hold: the demo household of hub/domains.ts, Prettier-formatted JSON. */
export async function demoHouseholdText(): Promise<string> {
  const config = (await resolveConfig(DEMO_HOUSEHOLD_PATH)) ?? {};
  return format(JSON.stringify(demoHouseholdOf(HUB_DOMAINS)), { ...config, filepath: DEMO_HOUSEHOLD_PATH });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const text = await demoHouseholdText();
  const changed = readFileSync(DEMO_HOUSEHOLD_PATH, "utf8") !== text;
  if (changed) writeFileSync(DEMO_HOUSEHOLD_PATH, text);
  console.log(`${DEMO_HOUSEHOLD_PATH}: ${changed ? "written" : "unchanged"}`);
}
