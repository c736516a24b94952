import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TasmotaConsoleAnswerSchema, tasmotaConsolePath } from "../../contract/tasmota-console";
import {
  call,
  connectBrowser,
  connectDevice,
  freePort,
  jsonOf,
  login,
  nextMessage,
  startTestHub,
  tempDir,
  type TestHub,
} from "../testing/harness";
import { loadFixture } from "../testing/fixtures";
import { deviceAddress } from "./router";

/**
 * A household where one raw message has several readers: the Tasmota light `bulb02` is also a switch
 * (its console, its power state) and the bridge's; the Zigbee2MQTT bulb `bulb` is a light, a sensor
 * of the bridge and the doorbell button.
 */
const HOUSEHOLD = {
  sensors: [
    {
      id: "bulb-level",
      kind: "light",
      place: "hall",
      label: "Korytarz",
      room: "Korytarz",
      source: { type: "zigbee2mqtt", device: "bulb", property: "brightness" },
    },
  ],
  switches: [{ name: "bulb02", label: "Żarówka", purpose: "light", device: "bulb02" }],
  lights: [
    { name: "bulb02", label: "Żarówka", tasmota: "bulb02" },
    { name: "bulb", label: "Lampa", room: "Korytarz" },
  ],
  doorbell: { type: "zigbee2mqtt", device: "bulb", action: "single" },
};

/** Counts `JSON.parse` calls on exactly `text` anywhere in the hub's process (each call still parses). */
function countParsesOf(text: string): { count: () => number; stop: () => void } {
  const realParse = JSON.parse.bind(JSON);
  let count = 0;
  const spy = vi
    .spyOn(JSON, "parse")
    .mockImplementation((input: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) => {
      if (input === text) count += 1;
      return realParse(input, reviver);
    });
  return { count: () => count, stop: () => spy.mockRestore() };
}

describe("the device router: each raw device message is parsed once, however many domains read it", () => {
  let hub: TestHub;
  let cookie: string;
  let bulb02: MqttClient;
  let gateway: MqttClient;
  let browser: MqttClient;
  const answer = loadFixture("tasmota/result_light_dimmer.json");

  beforeAll(async () => {
    const dir = tempDir("router-");
    const file = join(dir, "household.json");
    writeFileSync(file, JSON.stringify(HOUSEHOLD));
    hub = await startTestHub({ householdConfigPath: file, mqttPort: await freePort() });
    cookie = await login(hub);
    // The Tasmota bulb answers `Dimmer` with the real RESULT of the fixture (stat/bulb02/RESULT).
    bulb02 = await connectDevice(hub, "bulb02");
    bulb02.on("message", (topic) => {
      if (topic === "cmnd/bulb02/Dimmer") void bulb02.publishAsync(answer.topic, answer.payload, { qos: 1 });
    });
    await bulb02.subscribeAsync("cmnd/bulb02/#", { qos: 1 });
    gateway = await connectDevice(hub, "zigbee2mqtt");
    browser = await connectBrowser(hub, cookie);
  });
  afterAll(async () => {
    bulb02.end(true);
    gateway.end(true);
    browser.end(true);
    await hub.cleanup();
  });
  afterEach(() => vi.restoreAllMocks());

  it("one stat/<t>/RESULT of a real Tasmota light: the console answers it, the light, the switch's power and the bridge see it, and it is parsed once", async () => {
    const parses = countParsesOf(answer.payload.toString("utf8"));
    const light = nextMessage(browser, "light/bulb02");
    const power = nextMessage(browser, "power/bulb02/POWER");
    const response = await call(hub, "POST", `/api/v2${tasmotaConsolePath("bulb02")}`, {
      cookie,
      body: { cmd: "Dimmer 24" },
    });
    expect(response.status).toBe(200);
    expect((await jsonOf(response, TasmotaConsoleAnswerSchema)).item).toMatchObject({
      topic: "stat/bulb02/RESULT",
      response: { POWER: "ON", Dimmer: 24 },
    });
    const [lightMessage, powerMessage] = await Promise.all([light, power]);
    const count = parses.count();
    parses.stop();
    expect(JSON.parse(lightMessage.payload)).toMatchObject({ state: "ON", brightness: 24 });
    expect(JSON.parse(powerMessage.payload)).toEqual({ state: "ON" });
    expect(count).toBe(1);
  });

  it("one zigbee2mqtt/<name> state of a real bulb: the light, the bridge's sensor and the doorbell read it, and it is parsed once", async () => {
    const devices = loadFixture("zigbee2mqtt/bridge_devices.json");
    const features = nextMessage(browser, "features/light/bulb");
    await gateway.publishAsync(devices.topic, devices.payload, { qos: 1, retain: true });
    await features;
    const state = loadFixture("zigbee2mqtt/state_ct_bulb.json", "bulb");
    const parses = countParsesOf(state.payload.toString("utf8"));
    const light = nextMessage(browser, "light/bulb");
    const reading = nextMessage(browser, "sensor/light/hall");
    await gateway.publishAsync(state.topic, state.payload, { qos: 1 });
    const [lightMessage, readingMessage] = await Promise.all([light, reading]);
    const count = parses.count();
    parses.stop();
    expect(JSON.parse(lightMessage.payload)).toMatchObject({ state: "ON", brightness: 215, color_temp: 325 });
    expect(JSON.parse(readingMessage.payload)).toMatchObject({ value: 215 });
    expect(count).toBe(1);
  });
});

describe("deviceAddress: which device and kind a raw topic is", () => {
  it("reads Tasmota, Zigbee2MQTT and OwnTracks topics", () => {
    expect(deviceAddress("stat/bulb02/RESULT")).toEqual({ source: "tasmota", device: "bulb02", kind: "stat/RESULT" });
    expect(deviceAddress("tele/bulb02/LWT")).toEqual({ source: "tasmota", device: "bulb02", kind: "tele/LWT" });
    expect(deviceAddress("tele/a/b/c")).toBeUndefined();
    expect(deviceAddress("zigbee2mqtt/bulb")).toEqual({ source: "zigbee2mqtt", device: "bulb", kind: "state" });
    expect(deviceAddress("zigbee2mqtt/bulb/availability")).toEqual({
      source: "zigbee2mqtt",
      device: "bulb",
      kind: "availability",
    });
    expect(deviceAddress("zigbee2mqtt/bulb/set")).toEqual({ source: "zigbee2mqtt", device: "bulb", kind: "command" });
    expect(deviceAddress("zigbee2mqtt/bridge/devices")).toEqual({
      source: "zigbee2mqtt",
      device: "bridge",
      kind: "bridge/devices",
    });
    expect(deviceAddress("owntracks/kot/mruczek")).toEqual({
      source: "owntracks",
      device: "kot/mruczek",
      kind: "location",
    });
  });

  it("reads Frigate's topics under its prefix: its own (events, reviews, available) and each camera's", () => {
    expect(deviceAddress("frigate/events")).toEqual({ source: "frigate", device: "frigate", kind: "events" });
    expect(deviceAddress("frigate/available")).toEqual({ source: "frigate", device: "frigate", kind: "available" });
    expect(deviceAddress("frigate/front_door/motion")).toEqual({
      source: "frigate",
      device: "front_door",
      kind: "motion",
    });
    expect(deviceAddress("dom/nvr/reviews", "dom/nvr")).toEqual({
      source: "frigate",
      device: "frigate",
      kind: "reviews",
    });
    expect(deviceAddress("dom/nvr/reviews")).toBeUndefined();
    expect(deviceAddress("frigate/")).toBeUndefined();
  });
});
