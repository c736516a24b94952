import { describe, expect, it } from "vitest";
import { loadFixture } from "../testing/fixtures";
import { lightsOfBridgeDevices, lightsOfDevice } from "./exposes";

// Exposes -> light features with the real bridge/devices of Zigbee2MQTT's own
// test suite (tests/fixtures/zigbee2mqtt/bridge_devices.json).
const devices = loadFixture("zigbee2mqtt/bridge_devices.json").json as unknown[];
const byName = (name: string) => devices.find((device) => (device as { friendly_name: string }).friendly_name === name);

describe("Zigbee2MQTT exposes -> light features", () => {
  it("a colour-temperature bulb (IKEA LED1545G12): brightness 0..254, white 250..454 mired, no rgb", () => {
    const [light, ...rest] = lightsOfDevice(byName("bulb"));
    expect(rest).toEqual([]);
    expect(light?.features).toEqual({
      id: "bulb",
      device: "bulb",
      source: "zigbee2mqtt",
      label: "bulb",
      brightness: { min: 0, max: 254 },
      rgb: false,
      white: { min: 250, max: 454 },
      endpoint: null,
      endpoints: 1,
    });
    expect(light?.target).toEqual({
      kind: "zigbee2mqtt",
      device: "bulb",
      properties: { state: "state", brightness: "brightness", colorTemp: "color_temp", colorMode: "color_mode" },
    });
  });

  it("a colour bulb (Philips 7146060PH): rgb from color_xy / color_hs, white 150..500", () => {
    const [light] = lightsOfDevice(byName("bulb_color_2"));
    expect(light?.features).toMatchObject({
      id: "bulb_color_2",
      brightness: { min: 0, max: 254 },
      rgb: true,
      white: { min: 150, max: 500 },
      endpoint: null,
      endpoints: 1,
    });
    expect(light?.target.kind === "zigbee2mqtt" && light.target.properties.color).toBe("color");
  });

  it("a multi-endpoint device (Siglis zigfred plus): one light per endpoint l1..l5 as <name>_l<n>, covers left out", () => {
    const lights = lightsOfDevice(byName("zigfred_plus"));
    expect(lights.map((light) => light.features.id)).toEqual([
      "zigfred_plus_l1",
      "zigfred_plus_l2",
      "zigfred_plus_l3",
      "zigfred_plus_l4",
      "zigfred_plus_l5",
    ]);
    expect(lights[0]?.features).toMatchObject({
      device: "zigfred_plus",
      rgb: true,
      white: null,
      brightness: { min: 0, max: 254 },
      endpoint: 1,
      endpoints: 5,
    });
    expect(lights[1]?.features).toMatchObject({ rgb: false, endpoint: 2, endpoints: 5 });
    expect(lights[1]?.target).toEqual({
      kind: "zigbee2mqtt",
      device: "zigfred_plus",
      properties: { state: "state_l2", brightness: "brightness_l2", colorMode: "color_mode_l2" },
    });
  });

  it("the whole device list: the coordinator and the weather sensor give no light", () => {
    expect(lightsOfDevice(byName("Coordinator"))).toEqual([]);
    expect(lightsOfDevice(byName("weather_sensor"))).toEqual([]);
    expect(lightsOfBridgeDevices(devices).map((light) => light.features.id)).toEqual([
      "bulb",
      "bulb_color_2",
      "zigfred_plus_l1",
      "zigfred_plus_l2",
      "zigfred_plus_l3",
      "zigfred_plus_l4",
      "zigfred_plus_l5",
    ]);
    expect(lightsOfBridgeDevices({ not: "an array" })).toEqual([]);
  });
});
