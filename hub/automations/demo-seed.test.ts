import { describe, expect, it } from "vitest";
import { openDb } from "../domains";
import type { Household } from "../household/schema";
import { tempDir } from "../testing/harness";
import { DEMO_AUTOMATIONS, seedDemoAutomations } from "./demo-seed";
import { registerBuiltInExecutors } from "./executors";
import { ActionRunner } from "./runner";
import { AutomationService } from "./service";
import { AutomationStore } from "./store";
import demo from "../household/demo.json" with { type: "json" };
import * as v from "valibot";
import { HouseholdSchema } from "../household/schema";

function serviceFor(household: Household) {
  const link = {
    description: "x",
    publish: () => undefined,
    subscribe: () => undefined,
    publishCommand: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  const runner = registerBuiltInExecutors(new ActionRunner(), {
    household,
    link,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined },
    switches: {} as never,
    garage: {} as never,
    lights: { light: () => undefined } as never,
  });
  return new AutomationService(new AutomationStore(openDb(tempDir())), runner, household);
}

describe("demo automations", () => {
  it("all fit the demo household, seeded once", () => {
    const service = serviceFor(v.parse(HouseholdSchema, demo));
    expect(seedDemoAutomations(service)).toBe(DEMO_AUTOMATIONS.length);
    expect(seedDemoAutomations(service)).toBe(0);
    expect(service.list().map((item) => item.name)).toEqual(DEMO_AUTOMATIONS.map((item) => item.name));
  });

  it("a household without the gate or the lights gets only those that fit, and the hub starts", () => {
    const service = serviceFor({
      sensors: v.parse(HouseholdSchema, demo).sensors,
      switches: [],
      switchesList: [],
      garage: [],
    });
    expect(seedDemoAutomations(service)).toBe(1);
  });
});
