import * as v from "valibot";
import type { MqttClient } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../contract/envelope";
import { LightFeaturesSchema, LightSetAnswerSchema, LightStateSchema, lightSetPath } from "../../contract/lights";
import {
  call,
  connectBrowser,
  connectDevice,
  freePort,
  jsonOf,
  login,
  nextMessage,
  startTestHub,
  until,
  type TestHub,
} from "../testing/harness";
import { loadFixture } from "../testing/fixtures";

// Lights through a real hub: Zigbee2MQTT logged in as `zigbee2mqtt` publishes its real
// bridge/devices; the hub publishes features, checks POST /light/{id}/set and sends the command.
let hub: TestHub | undefined;
const clients: MqttClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.endAsync(true);
  await hub?.cleanup();
  hub = undefined;
});

async function zigbeeHub() {
  hub = await startTestHub({ mqttPort: await freePort() });
  const cookie = await login(hub);
  const browser = await connectBrowser(hub, cookie);
  clients.push(browser);
  const featuresArrive = nextMessage(browser, "features/light/bulb");
  const z2m = await connectDevice(hub, "zigbee2mqtt");
  clients.push(z2m);
  const devices = loadFixture("zigbee2mqtt/bridge_devices.json");
  await z2m.publishAsync(devices.topic, devices.payload, { retain: true, qos: 1 });
  const features = v.parse(LightFeaturesSchema, JSON.parse((await featuresArrive).payload));
  return { hub, cookie, browser, z2m, features };
}

describe("POST /light/{id}/set", () => {
  it("the CT bulb: {brightness:120, color_temp:300} reaches zigbee2mqtt/bulb/set; the state comes back on light/bulb", async () => {
    const { hub, cookie, browser, z2m, features } = await zigbeeHub();
    expect(features).toMatchObject({
      id: "bulb",
      brightness: { min: 0, max: 254 },
      white: { min: 250, max: 454 },
      rgb: false,
    });
    await z2m.subscribeAsync("zigbee2mqtt/+/set");
    const command = nextMessage(z2m, "zigbee2mqtt/bulb/set");
    const response = await call(hub, "POST", `/api/v2${lightSetPath("bulb")}`, {
      cookie,
      body: { brightness: 120, color_temp: 300 },
    });
    expect(response.status).toBe(200);
    expect(await jsonOf(response, LightSetAnswerSchema)).toEqual({ item: { id: "bulb", sent: 1 } });
    const sent = await command;
    expect(JSON.parse(sent.payload)).toEqual({ brightness: 120, color_temp: 300 });
    expect(sent.retain).toBe(false);

    const state = nextMessage(browser, "light/bulb");
    await z2m.publishAsync(
      "zigbee2mqtt/bulb",
      JSON.stringify({ brightness: 120, color_mode: "color_temp", color_temp: 300, linkquality: 80, state: "ON" }),
    );
    expect(v.parse(LightStateSchema, JSON.parse((await state).payload))).toEqual({
      state: "ON",
      brightness: 120,
      color: null,
      color_mode: "color_temp",
      color_temp: 300,
    });
  });

  it("an out-of-range value answers 400 naming the field and publishes nothing; an unknown light 404; also on /api/v1", async () => {
    const { hub, cookie, z2m } = await zigbeeHub();
    await z2m.subscribeAsync("zigbee2mqtt/+/set");
    const seen: string[] = [];
    z2m.on("message", (topic) => seen.push(topic));
    const bad = await call(hub, "POST", `/api/v2${lightSetPath("bulb")}`, {
      cookie,
      body: { brightness: 120, color_temp: 600 },
    });
    expect(bad.status).toBe(400);
    expect(await jsonOf(bad, ErrorBodySchema)).toMatchObject({
      code: "BAD_REQUEST",
      message: "color_temp: expected an integer mired from 250 to 454",
    });
    const missing = await call(hub, "POST", `/api/v1${lightSetPath("no_such_light")}`, {
      cookie,
      body: { state: "ON" },
    });
    expect(missing.status).toBe(404);
    const multi = await call(hub, "POST", `/api/v1${lightSetPath("zigfred_plus")}`, {
      cookie,
      body: { state_l2: "ON", state_l1: "ON" },
    });
    expect(multi.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual(["zigbee2mqtt/zigfred_plus/set"]);
  });

  it("colours reach /set as given, byte for byte: one light with color_xy and color_hs; several endpoints in one /set", async () => {
    const { hub, cookie, z2m } = await zigbeeHub();
    await z2m.subscribeAsync("zigbee2mqtt/+/set");
    const seen: string[] = [];
    z2m.on("message", (topic, payload) => seen.push(`${topic} ${payload.toString()}`));
    for (const [id, body] of [
      ["bulb_color_2", { color: { hue: 30, saturation: 100 } }],
      ["bulb_color_2", { state: "ON", color: { r: 255, g: 0, b: 0 } }],
      ["zigfred_plus", { state_l2: "OFF", color_l1: { hex: "#FF0000" }, state_l1: "ON" }],
    ] as const) {
      const response = await call(hub, "POST", `/api/v2${lightSetPath(id)}`, { cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(200);
    }
    await until(() => seen.length >= 3);
    expect(seen).toEqual([
      'zigbee2mqtt/bulb_color_2/set {"color":{"hue":30,"saturation":100}}',
      'zigbee2mqtt/bulb_color_2/set {"state":"ON","color":{"r":255,"g":0,"b":0}}',
      'zigbee2mqtt/zigfred_plus/set {"state_l1":"ON","color_l1":{"hex":"#ff0000"},"state_l2":"OFF"}',
    ]);
  });

  it("an offline Zigbee2MQTT light answers 409 DEVICE_UNREACHABLE and nothing reaches its /set", async () => {
    const { hub, cookie, z2m } = await zigbeeHub();
    await z2m.subscribeAsync("zigbee2mqtt/+/set");
    const seen: string[] = [];
    z2m.on("message", (topic, payload) => seen.push(`${topic} ${payload.toString()}`));
    const away = loadFixture("zigbee2mqtt/availability_json_offline.json");
    await z2m.publishAsync("zigbee2mqtt/bulb/availability", away.payload, { qos: 1 });
    await until(() => hub.devices.registry.get("zigbee2mqtt:bulb")?.availability === "offline");
    const response = await call(hub, "POST", `/api/v2${lightSetPath("bulb")}`, { cookie, body: { state: "ON" } });
    expect(response.status).toBe(409);
    expect(await jsonOf(response, ErrorBodySchema)).toMatchObject({
      code: "DEVICE_UNREACHABLE",
      message: "the device bulb is offline: nothing was sent",
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);
  });

  it("a Tasmota light: {state, brightness, color} is cmnd/<t>/Power, Dimmer, Color in order; offline (LWT) it is 409 and nothing is sent", async () => {
    hub = await startTestHub({ mqttPort: await freePort() });
    const cookie = await login(hub);
    const led = await connectDevice(hub, "led_biuro");
    clients.push(led);
    await led.subscribeAsync("cmnd/led_biuro/#", { qos: 1 });
    const seen: string[] = [];
    led.on("message", (topic, payload) => seen.push(`${topic} ${payload.toString()}`));
    const state = loadFixture("tasmota/state_light_rgbww.json");
    await led.publishAsync("tele/led_biuro/STATE", state.payload, { qos: 1 });
    await until(() => (hub?.devices.registry.get("tasmota:led_biuro")?.capabilities.length ?? 0) > 0);
    const body = { state: "ON", brightness: 50, color: { hex: "#ff8000" } };
    const response = await call(hub, "POST", `/api/v2${lightSetPath("led_biuro")}`, { cookie, body });
    expect(response.status).toBe(200);
    expect(await jsonOf(response, LightSetAnswerSchema)).toEqual({ item: { id: "led_biuro", sent: 3 } });
    await until(() => seen.length >= 3);
    expect(seen).toEqual(["cmnd/led_biuro/Power ON", "cmnd/led_biuro/Dimmer 50", "cmnd/led_biuro/Color 255,128,0"]);

    seen.length = 0;
    const offline = loadFixture("tasmota/lwt_offline.json");
    await led.publishAsync("tele/led_biuro/LWT", offline.payload, { qos: 1 });
    await until(() => hub?.devices.registry.get("tasmota:led_biuro")?.availability === "offline");
    const refused = await call(hub, "POST", `/api/v2${lightSetPath("led_biuro")}`, { cookie, body });
    expect(refused.status).toBe(409);
    expect((await jsonOf(refused, ErrorBodySchema)).code).toBe("DEVICE_UNREACHABLE");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);
  });

  it("needs a session", async () => {
    hub = await startTestHub();
    expect((await call(hub, "POST", `/api/v2${lightSetPath("bulb")}`, { body: { state: "ON" } })).status).toBe(401);
  });
});
