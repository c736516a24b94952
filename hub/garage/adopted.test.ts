import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adoptionPath } from "../../contract/adoption";
import { DEVICES_PATH, DevicesAnswerSchema } from "../../contract/devices";
import {
  DoorStatePayloadSchema,
  garagePath,
  garageStateTopic,
  type DoorStatePayload,
  type GarageCommand,
} from "../../contract/garage";
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
import { coverSteps, type AdoptedDoor } from "./adopted";

const GENERAL = DEFAULT_API_BASES.general;
const GARAGE = DEFAULT_API_BASES.garage;
const BLIND = "zigbee2mqtt:Bedroom blind";
const STATE = "zigbee2mqtt/Bedroom blind";
const SET = "zigbee2mqtt/Bedroom blind/set";
const AVAILABILITY = "zigbee2mqtt/Bedroom blind/availability";

/** The blind's state in the fixture (IKEA E1757), with `change` laid over it, as Zigbee2MQTT's payload bytes. */
function blindState(change: Record<string, unknown> = {}): string {
  const states = loadFixture("zigbee2mqtt/household_states.json").json as Record<string, Record<string, unknown>>;
  return JSON.stringify({ ...states["Bedroom blind"], ...change });
}

describe("a blind adopted as the gate, from the gateway's own payloads", () => {
  let hub: TestHub;
  let cookie: string;
  let gateway: MqttClient;
  let browser: MqttClient;

  const gateState = (accept: (state: DoorStatePayload) => boolean) =>
    nextJson(browser, garageStateTopic("gate"), DoorStatePayloadSchema, accept);
  const send = (command: GarageCommand, body?: unknown) =>
    call(hub, "POST", `${GARAGE}${garagePath("gate", command)}`, { cookie, ...(body ? { body } : {}) });

  beforeAll(async () => {
    const file = join(tempDir("adopted-gate-"), "household.json");
    writeFileSync(file, JSON.stringify({ sensors: [], switches: [], switchesList: [], garage: [] }));
    hub = await startTestHub({ householdConfigPath: file, mqttPort: await freePort() });
    cookie = await login(hub);
    gateway = await connectDevice(hub, "zigbee2mqtt");
    await gateway.subscribeAsync("zigbee2mqtt/+/set", { qos: 1 });
    browser = await connectBrowser(hub, cookie);
    const devices = loadFixture("zigbee2mqtt/bridge_devices_household.json");
    await gateway.publishAsync(devices.topic, devices.payload, { qos: 1, retain: true });
    await gateway.publishAsync(AVAILABILITY, '{"state":"online"}', { qos: 1, retain: true });
    await gateway.publishAsync(STATE, blindState({ position: 0, state: "CLOSE" }), { qos: 1, retain: true });
    const blind = async () =>
      (await jsonOf(await call(hub, "GET", `${GENERAL}${DEVICES_PATH}`, { cookie }), DevicesAnswerSchema)).items.find(
        (item) => item.id === BLIND,
      );
    for (let tries = 0; (await blind())?.availability !== "online"; tries++) {
      if (tries > 50) throw new Error("the gateway's blind was not listed online");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    gateway.end(true);
    browser.end(true);
    await hub.cleanup();
  });

  it("adopted after start, the gate shows at once with the blind's name as its device, and its availability", async () => {
    expect((await send("open")).status).toBe(404);
    const shown = gateState(() => true);
    const online = nextJson(browser, availabilityTopic("Bedroom blind"), AvailabilityPayloadSchema, () => true);
    const saved = await call(hub, "PUT", `${GENERAL}${adoptionPath(BLIND)}`, {
      cookie,
      body: { label: "Brama wjazdowa", room: "Podjazd", use: { as: "gate" } },
    });
    expect(saved.status).toBe(200);
    expect(await shown).toMatchObject({
      label: "Brama wjazdowa",
      room: "Podjazd",
      state: "closed",
      position: 0,
      device: "Bedroom blind",
    });
    expect((await online).state).toBe("online");
  });

  it("toggle opens the closed gate and closes the open one (OPEN / CLOSE on the blind); constantStop is 409", async () => {
    const opening = nextMessage(gateway, SET);
    expect((await send("toggle")).status).toBe(200);
    expect(JSON.parse((await opening).payload)).toEqual({ state: "OPEN" });

    const open = gateState((state) => state.position === 100);
    await gateway.publishAsync(STATE, blindState({ position: 100, state: "OPEN" }), { qos: 1, retain: true });
    expect(await open).toMatchObject({ state: "open" });
    const closing = nextMessage(gateway, SET);
    expect((await send("toggle")).status).toBe(200);
    expect(JSON.parse((await closing).payload)).toEqual({ state: "CLOSE" });

    expect((await send("constantStop", { value: true })).status).toBe(409);
  });

  it("the blind going offline shows on availability/<name> and refuses the gate's commands with 409, nothing sent", async () => {
    const offline = nextJson(
      browser,
      availabilityTopic("Bedroom blind"),
      AvailabilityPayloadSchema,
      (value) => value.state === "offline",
    );
    await gateway.publishAsync(AVAILABILITY, '{"state":"offline"}', { qos: 1, retain: true });
    expect((await offline).state).toBe("offline");
    const nothing = nextMessage(gateway, SET, 700);
    expect((await send("close")).status).toBe(409);
    await expect(nothing).rejects.toThrow(/no message/);
    await gateway.publishAsync(AVAILABILITY, '{"state":"online"}', { qos: 1, retain: true });
  });

  it("unadopted, the gate is gone: garage/gate/state emptied, its commands 404", async () => {
    const emptied = nextMessage(browser, garageStateTopic("gate"), 5000, (payload) => payload === "");
    const saved = await call(hub, "PUT", `${GENERAL}${adoptionPath(BLIND)}`, { cookie, body: { label: "Roleta" } });
    expect(saved.status).toBe(200);
    await emptied;
    expect((await send("open")).status).toBe(404);
  });
});

describe("toggle of an adopted cover", () => {
  const door: AdoptedDoor = { door: "garage", device: BLIND, label: "Brama", room: "Garaż" };
  const value = (position: number, direction: number) => coverSteps(door, "toggle", { position, direction });

  it("reverses a closing cover (OPEN), closes an opening or stopped one, refuses before any report", () => {
    expect(value(0, 0)).toEqual([{ property: "state", value: "OPEN" }]);
    expect(value(60, -1)).toEqual([{ property: "state", value: "OPEN" }]);
    expect(value(60, 1)).toEqual([{ property: "state", value: "CLOSE" }]);
    expect(value(60, 0)).toEqual([{ property: "state", value: "CLOSE" }]);
    expect(() => coverSteps(door, "toggle")).toThrow(/not reported its position/);
  });
});
