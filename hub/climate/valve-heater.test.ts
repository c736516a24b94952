import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adoptionPath } from "../../contract/adoption";
import {
  HEATER_CONFIG_PATH,
  HEATER_STATE_TOPIC,
  HeaterConfigAnswerSchema,
  HeaterStatePayloadSchema,
  heaterModePath,
  type HeaterStatePayload,
} from "../../contract/climate";
import { DEVICES_PATH, DevicesAnswerSchema } from "../../contract/devices";
import { DEFAULT_API_BASES } from "../../contract/paths";
import { AvailabilityPayloadSchema, availabilityTopic } from "../../contract/topics";
import { loadFixture } from "../testing/fixtures";
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
  nextJson,
} from "../testing/harness";

const GENERAL = DEFAULT_API_BASES.general;
const VALVE = "zigbee2mqtt:Living room valve";
const SET = "zigbee2mqtt/Living room valve/set";

/** The valve's state in the fixture (Danfoss 014G2461), with `change` laid over it, as Zigbee2MQTT's payload bytes. */
function valveState(change: Record<string, unknown> = {}): string {
  const states = loadFixture("zigbee2mqtt/household_states.json").json as Record<string, Record<string, unknown>>;
  return JSON.stringify({ ...states["Living room valve"], ...change });
}

const heaterState = (client: MqttClient, accept: (state: HeaterStatePayload) => boolean) =>
  nextJson(client, HEATER_STATE_TOPIC, HeaterStatePayloadSchema, accept);

describe("a thermostatic valve adopted as the heater, from the gateway's own payloads", () => {
  let hub: TestHub;
  let cookie: string;
  let gateway: MqttClient;
  let browser: MqttClient;

  beforeAll(async () => {
    const file = join(tempDir("valve-heater-"), "household.json");
    writeFileSync(file, JSON.stringify({ sensors: [], switches: [], switchesList: [] }));
    hub = await startTestHub({ householdConfigPath: file, mqttPort: await freePort() });
    cookie = await login(hub);
    gateway = await connectDevice(hub, "zigbee2mqtt");
    await gateway.subscribeAsync("zigbee2mqtt/+/set", { qos: 1 });
    browser = await connectBrowser(hub, cookie);
    const devices = loadFixture("zigbee2mqtt/bridge_devices_household.json");
    await gateway.publishAsync(devices.topic, devices.payload, { qos: 1, retain: true });
    await gateway.publishAsync("zigbee2mqtt/Living room valve/availability", '{"state":"online"}', {
      qos: 1,
      retain: true,
    });
    await gateway.publishAsync("zigbee2mqtt/Living room valve", valveState(), { qos: 1, retain: true });
    const listed = async () =>
      (await jsonOf(await call(hub, "GET", `${GENERAL}${DEVICES_PATH}`, { cookie }), DevicesAnswerSchema)).items.find(
        (item) => item.id === VALVE,
      );
    for (let tries = 0; (await listed())?.availability !== "online"; tries++) {
      if (tries > 50) throw new Error("the gateway's valve was not listed online");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    gateway.end(true);
    browser.end(true);
    await hub.cleanup();
  });

  it("adopted after start, the valve is the heater at once: its temperature, set point and heating on heater/state", async () => {
    expect((await call(hub, "GET", `${GENERAL}${HEATER_CONFIG_PATH}`, { cookie })).status).toBe(404);
    const shown = heaterState(browser, (state) => state.sensor === VALVE);
    const saved = await call(hub, "PUT", `${GENERAL}${adoptionPath(VALVE)}`, {
      cookie,
      body: { label: "Grzejnik w salonie", room: "Salon", use: { as: "heater" } },
    });
    expect(saved.status).toBe(200);
    expect(await shown).toMatchObject({
      label: "Grzejnik w salonie",
      room: "Salon",
      device: "Living room valve",
      mode: "auto",
      temperature: 21,
      sensorLabel: "Grzejnik w salonie",
      current: 20.5,
      relay: "ON",
    });
    const config = await jsonOf(
      await call(hub, "GET", `${GENERAL}${HEATER_CONFIG_PATH}`, { cookie }),
      HeaterConfigAnswerSchema,
    );
    expect(config.item).toEqual({ mode: "auto", temperature: 21, sensor: VALVE });
    const online = await nextJson(
      browser,
      availabilityTopic("Living room valve"),
      AvailabilityPayloadSchema,
      () => true,
    );
    expect(online.state).toBe("online");
  });

  it("the target goes to the valve as its set point; the valve's report confirms it on heater/state", async () => {
    const sent = nextMessage(gateway, SET);
    const patched = await call(hub, "PATCH", `${GENERAL}${HEATER_CONFIG_PATH}`, { cookie, body: { temperature: 22 } });
    expect(patched.status).toBe(200);
    expect(JSON.parse((await sent).payload)).toEqual({ occupied_heating_setpoint: 22 });

    const confirmed = heaterState(browser, (state) => state.temperature === 22 && state.relay === "OFF");
    await gateway.publishAsync(
      "zigbee2mqtt/Living room valve",
      valveState({
        occupied_heating_setpoint: 22,
        local_temperature: 22.1,
        running_state: "idle",
        pi_heating_demand: 0,
      }),
      { qos: 1, retain: true },
    );
    expect(await confirmed).toMatchObject({ mode: "auto", temperature: 22, current: 22.1, relay: "OFF" });
  });

  it("off and on are the valve's lowest and highest set point (it has no off mode); auto returns to the target", async () => {
    const cases = [
      { mode: "off", setpoint: 5 },
      { mode: "on", setpoint: 35 },
      { mode: "auto", setpoint: 22 },
    ] as const;
    for (const { mode, setpoint } of cases) {
      const sent = nextMessage(gateway, SET);
      const answer = await call(hub, "POST", `${GENERAL}${heaterModePath(mode)}`, { cookie });
      expect(answer.status).toBe(200);
      expect(JSON.parse((await sent).payload)).toEqual({ occupied_heating_setpoint: setpoint });
      const confirmed = heaterState(browser, (state) => state.mode === mode);
      await gateway.publishAsync(
        "zigbee2mqtt/Living room valve",
        valveState({ occupied_heating_setpoint: setpoint, local_temperature: 22.1 }),
        { qos: 1, retain: true },
      );
      // The target stays 22 while the valve is off or fully open.
      expect(await confirmed).toMatchObject({ mode, temperature: 22 });
    }
  });

  it("a set point turned on the valve itself shows as auto at that temperature", async () => {
    const shown = heaterState(browser, (state) => state.temperature === 19.5);
    await gateway.publishAsync("zigbee2mqtt/Living room valve", valveState({ occupied_heating_setpoint: 19.5 }), {
      qos: 1,
      retain: true,
    });
    expect(await shown).toMatchObject({ mode: "auto", temperature: 19.5 });
  });

  it("another sensor is refused naming `sensor`; an offline valve refuses commands with 409 and nothing is sent", async () => {
    const other = await call(hub, "PATCH", `${GENERAL}${HEATER_CONFIG_PATH}`, {
      cookie,
      body: { sensor: "salon-temp" },
    });
    expect(other.status).toBe(400);
    expect(await other.text()).toMatch(/sensor/);

    const offline = nextJson(
      browser,
      availabilityTopic("Living room valve"),
      AvailabilityPayloadSchema,
      (value) => value.state === "offline",
    );
    await gateway.publishAsync("zigbee2mqtt/Living room valve/availability", '{"state":"offline"}', {
      qos: 1,
      retain: true,
    });
    await offline;
    const nothing = nextMessage(gateway, SET, 700);
    const refused = await call(hub, "POST", `${GENERAL}${heaterModePath("off")}`, { cookie });
    expect(refused.status).toBe(409);
    await expect(nothing).rejects.toThrow(/no message/);
    await gateway.publishAsync("zigbee2mqtt/Living room valve/availability", '{"state":"online"}', {
      qos: 1,
      retain: true,
    });
  });

  it("unadopted, the heater is gone: heater/state emptied and GET /heater/config 404", async () => {
    const emptied = nextMessage(browser, HEATER_STATE_TOPIC, 5000, (payload) => payload === "");
    const saved = await call(hub, "PUT", `${GENERAL}${adoptionPath(VALVE)}`, { cookie, body: { label: "Zawór" } });
    expect(saved.status).toBe(200);
    await emptied;
    expect((await call(hub, "GET", `${GENERAL}${HEATER_CONFIG_PATH}`, { cookie })).status).toBe(404);
  });
});

describe("a household file with a heater keeps it when a valve is adopted as the heater", () => {
  let hub: TestHub;

  beforeAll(async () => {
    hub = await startTestHub({ mqttPort: await freePort() });
  });
  afterAll(async () => {
    await hub.cleanup();
  });

  it("the demo household's relay heater stays the heater: its sensor and device, and nothing goes to the valve", async () => {
    const cookie = await login(hub);
    const gateway = await connectDevice(hub, "zigbee2mqtt");
    const browser = await connectBrowser(hub, cookie);
    try {
      await gateway.subscribeAsync("zigbee2mqtt/+/set", { qos: 1 });
      const devices = loadFixture("zigbee2mqtt/bridge_devices_household.json");
      await gateway.publishAsync(devices.topic, devices.payload, { qos: 1, retain: true });
      await gateway.publishAsync("zigbee2mqtt/Living room valve", valveState(), { qos: 1, retain: true });
      const saved = await call(hub, "PUT", `${GENERAL}${adoptionPath(VALVE)}`, {
        cookie,
        body: { use: { as: "heater" } },
      });
      expect(saved.status).toBe(200);

      const nothing = nextMessage(gateway, SET, 700);
      const patched = await call(hub, "PATCH", `${GENERAL}${HEATER_CONFIG_PATH}`, {
        cookie,
        body: { temperature: 22 },
      });
      expect((await jsonOf(patched, HeaterConfigAnswerSchema)).item).toMatchObject({
        temperature: 22,
        sensor: "salon-temp",
      });
      await expect(nothing).rejects.toThrow(/no message/);
      const state = await heaterState(browser, (value) => value.temperature === 22);
      expect(state).toMatchObject({ device: "grzejnik", sensor: "salon-temp" });
    } finally {
      gateway.end(true);
      browser.end(true);
    }
  });
});
