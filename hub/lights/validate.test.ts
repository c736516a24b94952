import { describe, expect, it } from "vitest";
import { HubError } from "../core/errors";
import { loadFixture } from "../testing/fixtures";
import { lightsOfBridgeDevices } from "./exposes";
import type { LightModel } from "./model";
import { validateLightSet, type LightDirectory } from "./validate";

// The set body checked per capability against the real exposes.
const models = lightsOfBridgeDevices(loadFixture("zigbee2mqtt/bridge_devices.json").json);
const directory: LightDirectory = {
  light: (id) => models.find((model) => model.features.id === id),
  endpointsOf: (device): LightModel[] =>
    models.filter((model) => model.features.device === device && model.features.endpoint !== null),
};

/** The HubError `validateLightSet` throws: `code: message`. */
function refusal(id: string, body: Record<string, unknown>): string {
  try {
    validateLightSet(directory, id, body);
  } catch (error) {
    if (error instanceof HubError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return "accepted";
}

describe("light set body checks", () => {
  it("accepts what the light supports", () => {
    expect(validateLightSet(directory, "bulb", { brightness: 120, color_temp: 300 }).map((t) => t.command)).toEqual([
      { brightness: 120, color_temp: 300 },
    ]);
    expect(validateLightSet(directory, "bulb_color_2", { state: "ON", color: { hex: "#FF8000" } })[0]?.command).toEqual(
      { state: "ON", color: { hex: "#ff8000" } },
    );
    expect(validateLightSet(directory, "bulb_color_2", { color: { x: 0.3, y: 0.4 } })[0]?.command).toEqual({
      color: { x: 0.3, y: 0.4 },
    });
  });

  it("unknown light 404; unknown property 400 naming it", () => {
    expect(refusal("nope", { state: "ON" })).toBe("NOT_FOUND: unknown light");
    expect(refusal("bulb", { flash: 2 })).toMatch(/^BAD_REQUEST: flash: unknown property/);
    expect(refusal("bulb", {})).toMatch(/^BAD_REQUEST: body: nothing to set/);
  });

  it("brightness outside the range, colour without rgb, color_temp outside the mired range: 400 naming the field", () => {
    expect(refusal("bulb", { brightness: 255 })).toBe("BAD_REQUEST: brightness: expected an integer from 0 to 254");
    expect(refusal("bulb", { brightness: 12.5 })).toMatch(/^BAD_REQUEST: brightness:/);
    expect(refusal("bulb", { color: { hex: "#ff0000" } })).toBe("BAD_REQUEST: color: this light has no colour");
    expect(refusal("bulb", { color_temp: 500 })).toBe(
      "BAD_REQUEST: color_temp: expected an integer mired from 250 to 454",
    );
    expect(refusal("zigfred_plus_l2", { color_temp: 300 })).toBe(
      "BAD_REQUEST: color_temp: this light has no colour temperature",
    );
    expect(refusal("bulb_color_2", { color: { hex: "red" } })).toMatch(/^BAD_REQUEST: color: expected/);
    expect(refusal("bulb", { state: "on" })).toMatch(/^BAD_REQUEST: state: expected/);
  });

  it("endpoints: the device id takes endpoint or suffixed properties; beyond the count is 400", () => {
    const targets = validateLightSet(directory, "zigfred_plus", { state_l2: "ON", state_l1: "ON" });
    expect(targets.map((t) => [t.model.features.id, t.command])).toEqual([
      ["zigfred_plus_l1", { state: "ON" }],
      ["zigfred_plus_l2", { state: "ON" }],
    ]);
    expect(validateLightSet(directory, "zigfred_plus", { endpoint: 3, brightness: 10 })[0]?.model.features.id).toBe(
      "zigfred_plus_l3",
    );
    expect(refusal("zigfred_plus", { endpoint: 6, state: "ON" })).toMatch(
      /^BAD_REQUEST: endpoint: expected an integer from 1 to 5/,
    );
    expect(refusal("zigfred_plus", { state_l7: "ON" })).toMatch(/^BAD_REQUEST: state_l7: endpoint 7 is beyond/);
    expect(refusal("zigfred_plus_l7", { state: "ON" })).toMatch(
      /^BAD_REQUEST: endpoint: 7 is beyond the device's 5 light endpoints/,
    );
    expect(refusal("zigfred_plus", { state: "ON" })).toMatch(/^BAD_REQUEST: endpoint: required/);
    expect(refusal("zigfred_plus", { color_l2: { hex: "#ff0000" } })).toBe(
      "BAD_REQUEST: color_l2: this light has no colour",
    );
  });
});
