import { describe, expect, it } from "vitest";
import { lightsOfBridgeDevices } from "../lights/exposes";
import { tasmotaLightFeatures } from "../lights/tasmota-light";
import { loadFixture } from "../testing/fixtures";
import { tasmotaRgbwwLight, zigbee2mqttLights } from "./lights";

// The demo's simulated lights speak the real protocols (bridge/devices from the fixture's
// entries, /set answered with the new state; Tasmota cmnd/ answered with stat/<t>/RESULT).
const shapeOf = (value: unknown): unknown =>
  typeof value !== "object" || value === null || Array.isArray(value)
    ? typeof value
    : Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]));

describe("simulated lights", () => {
  it("Zigbee2MQTT: a retained bridge/devices with a CT bulb, a colour bulb and a two-gang light; /set answered with the device's state", () => {
    const z2m = zigbee2mqttLights();
    const first = z2m.tick(new Date());
    const devices = first.find((message) => message.topic === "zigbee2mqtt/bridge/devices");
    expect(devices?.retain).toBe(true);
    const lights = lightsOfBridgeDevices(JSON.parse(devices?.payload ?? "[]"));
    expect(
      lights.map((light) => [light.features.id, light.features.rgb, light.features.white, light.features.endpoints]),
    ).toEqual([
      ["lampa_sypialnia", false, { min: 250, max: 454 }, 1],
      ["hue_salon", true, { min: 150, max: 500 }, 1],
      ["kinkiety_korytarz_l1", true, null, 2],
      ["kinkiety_korytarz_l2", false, null, 2],
    ]);
    const [answer] =
      z2m.commands?.handle(
        "zigbee2mqtt/lampa_sypialnia/set",
        Buffer.from(JSON.stringify({ brightness: 200, color_temp: 300 })),
      ) ?? [];
    expect(answer?.topic).toBe("zigbee2mqtt/lampa_sypialnia");
    expect(JSON.parse(answer?.payload ?? "{}")).toEqual({
      brightness: 200,
      color_mode: "color_temp",
      color_temp: 300,
      linkquality: 87,
      state: "ON",
    });
    const multi = loadFixture("zigbee2mqtt/set_multi_endpoint.json");
    const [gang] = z2m.commands?.handle("zigbee2mqtt/kinkiety_korytarz/set", multi.payload) ?? [];
    expect(JSON.parse(gang?.payload ?? "{}")).toMatchObject({ state_l1: "ON", state_l2: "ON" });
  });

  it("Tasmota RGBWW: STATE shaped like the real bulb's, commands answered with RESULT", () => {
    const bulb = tasmotaRgbwwLight("led_biuro");
    const state = bulb.tick(new Date()).find((message) => message.topic === "tele/led_biuro/STATE");
    const payload = JSON.parse(state?.payload ?? "{}") as Record<string, unknown>;
    const real = loadFixture("tasmota/state_light_rgbww.json").json as Record<string, unknown>;
    expect(Object.keys(shapeOf(payload) as object).sort()).toEqual(
      expect.arrayContaining(["Channel", "Color", "CT", "Dimmer", "HSBColor", "POWER", "White"]),
    );
    expect(tasmotaLightFeatures(payload, { id: "x", device: "x", label: "x" })).toEqual(
      tasmotaLightFeatures(real, { id: "x", device: "x", label: "x" }),
    );
    const [result] = bulb.commands?.handle("cmnd/led_biuro/Dimmer", Buffer.from("60")) ?? [];
    expect(result?.topic).toBe("stat/led_biuro/RESULT");
    expect(JSON.parse(result?.payload ?? "{}")).toMatchObject({ POWER: "ON", Dimmer: 60 });
  });
});
