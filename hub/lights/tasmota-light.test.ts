import { describe, expect, it } from "vitest";
import { loadFixture } from "../testing/fixtures";
import { colorChannels, tasmotaCommands, tasmotaLightFeatures, tasmotaLightState } from "./tasmota-light";

// A real Tasmota RGBWW bulb (tests/fixtures/tasmota/state_light_rgbww.json,
// result_light_dimmer.json) both ways.
const state = loadFixture("tasmota/state_light_rgbww.json").json as Record<string, unknown>;
const result = loadFixture("tasmota/result_light_dimmer.json").json as Record<string, unknown>;
const base = { id: "bulb02", device: "bulb02", label: "Żarówka" };

describe("Tasmota lights", () => {
  it("features from STATE: Dimmer 0..100, Color with 5 channels = rgb, CT 153..500 mired", () => {
    expect(tasmotaLightFeatures(state, base)).toEqual({
      ...base,
      source: "tasmota",
      brightness: { min: 0, max: 100 },
      rgb: true,
      white: { min: 153, max: 500 },
      endpoint: null,
      endpoints: 1,
    });
    expect(tasmotaLightFeatures({ POWER: "ON" }, base)).toBeUndefined();
    expect(tasmotaLightFeatures({ Dimmer: 10, Color: "2B12", CT: 300 }, base)).toMatchObject({
      rgb: false,
      white: { min: 153, max: 500 },
    });
  });

  it("live state from RESULT: white mode (dark RGB channels) gives color_temp mode and no colour", () => {
    expect(tasmotaLightState(result)).toEqual({
      state: "ON",
      brightness: 24,
      color: null,
      color_mode: "color_temp",
      color_temp: 258,
    });
    expect(
      tasmotaLightState({ POWER: "ON", Dimmer: 80, Color: "255,128,0,0,0", HSBColor: "30,100,80", CT: 153 }),
    ).toEqual({
      state: "ON",
      brightness: 80,
      color: { hex: "#ff8000", hue: 30, saturation: 100 },
      color_mode: "hs",
      color_temp: 153,
    });
    expect(tasmotaLightState({ Time: "x" })).toBeUndefined();
  });

  it("Color in hex and decimal form", () => {
    expect(colorChannels("0,0,0,43,18")).toEqual([0, 0, 0, 43, 18]);
    expect(colorChannels("FF80000000")).toEqual([255, 128, 0, 0, 0]);
    expect(colorChannels("nonsense")).toBeUndefined();
  });

  it("commands: Power, Dimmer, CT, Color r,g,b", () => {
    expect(tasmotaCommands({ state: "ON", brightness: 24, color_temp: 258 })).toEqual([
      { command: "Power", payload: "ON" },
      { command: "Dimmer", payload: "24" },
      { command: "CT", payload: "258" },
    ]);
    expect(tasmotaCommands({ color: { hex: "#ff8000" } })).toEqual([{ command: "Color", payload: "255,128,0" }]);
  });
});
