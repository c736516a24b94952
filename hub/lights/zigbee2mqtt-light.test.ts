import { describe, expect, it } from "vitest";
import { loadFixture } from "../testing/fixtures";
import { lightsOfDevice } from "./exposes";
import type { Zigbee2MqttProperties } from "./model";
import { zigbee2mqttLightState, zigbee2mqttSetPayload } from "./zigbee2mqtt-light";

// Zigbee2MQTT state -> `light/<id>` and command -> `zigbee2mqtt/<name>/set`,
// with real payloads (tests/fixtures/zigbee2mqtt/state_*.json, set_*.json).
const plain: Zigbee2MqttProperties = {
  state: "state",
  brightness: "brightness",
  color: "color",
  colorTemp: "color_temp",
  colorMode: "color_mode",
};
const json = (file: string) => loadFixture(`zigbee2mqtt/${file}`).json as Record<string, unknown>;

describe("Zigbee2MQTT light state", () => {
  it("a colour bulb in xy mode: colour as hex plus its x/y, color_temp kept", () => {
    const state = zigbee2mqttLightState(plain, json("state_color_bulb_xy.json"));
    expect(state).toMatchObject({
      state: "OFF",
      brightness: 43,
      color_mode: "xy",
      color_temp: 482,
      color: { x: 0.138, y: 0.07 },
    });
    expect(state?.color?.hex).toMatch(/^#[0-9a-f]{6}$/);
    expect(zigbee2mqttLightState(plain, json("state_color_bulb_hs_xy.json"))?.color).toMatchObject({
      hue: 43,
      saturation: 100,
      x: 0.4874,
      y: 0.4799,
    });
  });

  it("a legacy numeric color_mode (2 = colour temperature) and a CT-only bulb", () => {
    expect(zigbee2mqttLightState(plain, json("state_color_bulb_legacy_numeric_mode.json"))?.color_mode).toBe(
      "color_temp",
    );
    expect(zigbee2mqttLightState(plain, json("state_ct_bulb.json"))).toEqual({
      state: "ON",
      brightness: 215,
      color: null,
      color_mode: null,
      color_temp: 325,
    });
  });

  it("a two-gang device: each endpoint reads its own suffixed properties", () => {
    const payload = json("state_2gang_switch_l1_l2.json");
    const l1: Zigbee2MqttProperties = { state: "state_l1", colorMode: "color_mode_l1" };
    const l2: Zigbee2MqttProperties = { state: "state_l2", colorMode: "color_mode_l2" };
    expect(zigbee2mqttLightState(l1, payload)?.state).toBe("OFF");
    expect(zigbee2mqttLightState(l2, payload)?.state).toBe("ON");
    expect(zigbee2mqttLightState({ state: "state_l3", colorMode: "color_mode_l3" }, payload)).toBeUndefined();
  });
});

describe("Zigbee2MQTT set payload", () => {
  it("uses the light's property names: endpoint-suffixed on a multi-endpoint device (set_multi_endpoint.json)", () => {
    const devices = loadFixture("zigbee2mqtt/bridge_devices.json").json as { friendly_name: string }[];
    const zigfred = lightsOfDevice(devices.find((device) => device.friendly_name === "zigfred_plus"));
    const properties = zigfred.map((light) => (light.target.kind === "zigbee2mqtt" ? light.target.properties : plain));
    const payload = {
      ...zigbee2mqttSetPayload(properties[1] ?? plain, { state: "ON" }),
      ...zigbee2mqttSetPayload(properties[0] ?? plain, { state: "ON" }),
    };
    expect(payload).toEqual(loadFixture("zigbee2mqtt/set_multi_endpoint.json").json);
  });

  it("a single light: the plain properties (set_state_on.json)", () => {
    expect(zigbee2mqttSetPayload(plain, { state: "ON" })).toEqual(
      JSON.parse(loadFixture("zigbee2mqtt/set_state_on.json").payload.toString()),
    );
    expect(zigbee2mqttSetPayload(plain, { brightness: 120, color_temp: 300, color: { hex: "#ff0000" } })).toEqual({
      brightness: 120,
      color_temp: 300,
      color: { hex: "#ff0000" },
    });
  });
});
