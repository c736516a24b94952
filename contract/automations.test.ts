import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { AutomationBodySchema, AutomationPatchSchema, automationPath, automationRunPath } from "./automations";

const valid = {
  name: "  Rano ",
  trigger: { type: "time", time: "06:45", days: [1, 2, 3, 4, 5] },
  actions: [{ kind: "switch", switch: "listwa", state: "ON" }],
};

const problem = (input: unknown) => {
  const result = v.safeParse(AutomationBodySchema, input, { abortEarly: true });
  return result.success ? null : v.getDotPath(result.issues[0]);
};

describe("automation schema", () => {
  it("fills defaults: enabled true, relay 0; trims the name", () => {
    expect(v.parse(AutomationBodySchema, valid)).toEqual({
      ...valid,
      name: "Rano",
      enabled: true,
      actions: [{ kind: "switch", switch: "listwa", relay: 0, state: "ON" }],
    });
  });

  it("accepts each trigger and action kind, heater, AC and IR included", () => {
    for (const trigger of [
      { type: "threshold", sensor: "balkon-temp", direction: "below", value: -2.5 },
      { type: "switch", switch: "pompa", to: "any" },
      { type: "door", sensor: "drzwi", to: "open" },
      { type: "doorbell" },
    ])
      expect(problem({ ...valid, trigger })).toBeNull();
    const actions = [
      { kind: "light", light: "hue_salon", state: "ON", brightness: 128 },
      { kind: "heater", mode: "comfort", temperature: 21.5 },
      { kind: "ac", mode: "cool", targetTemperature: 23 },
      { kind: "ir", device: "tv", code: "power" },
      { kind: "garage", door: "gate", command: "close" },
      { kind: "notify", message: "Gotowe" },
    ];
    expect(problem({ ...valid, actions })).toBeNull();
  });

  it("names the bad field: time, weekdays, direction, action values", () => {
    expect(problem({ ...valid, trigger: { type: "time", time: "6:45", days: [1] } })).toBe("trigger.time");
    expect(problem({ ...valid, trigger: { type: "time", time: "24:00", days: [1] } })).toBe("trigger.time");
    expect(problem({ ...valid, trigger: { type: "time", time: "06:45", days: [1, 1] } })).toBe("trigger.days");
    expect(problem({ ...valid, trigger: { type: "time", time: "06:45", days: [0] } })).toBe("trigger.days.0");
    expect(problem({ ...valid, trigger: { type: "threshold", sensor: "x", direction: "up", value: 1 } })).toBe(
      "trigger.direction",
    );
    expect(
      problem({ ...valid, trigger: { type: "threshold", sensor: "x", direction: "above", value: Number.NaN } }),
    ).toBe("trigger.value");
    expect(problem({ ...valid, actions: [{ kind: "heater", mode: "comfort", temperature: 90 }] })).toBe(
      "actions.0.temperature",
    );
    expect(problem({ ...valid, actions: [{ kind: "switch", switch: "a/b", state: "ON" }] })).toBe("actions.0.switch");
    expect(problem({ ...valid, actions: Array.from({ length: 21 }, () => valid.actions[0]) })).toBe("actions");
  });

  it("a patch needs at least one field; paths are URL-encoded", () => {
    expect(v.safeParse(AutomationPatchSchema, {}).success).toBe(false);
    expect(v.safeParse(AutomationPatchSchema, { enabled: false }).success).toBe(true);
    expect(automationPath("a b")).toBe("/automation/a%20b");
    expect(automationRunPath("x")).toBe("/automation/x/run");
  });
});
