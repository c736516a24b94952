import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AUTOMATIONS_PATH,
  AutomationAnswerSchema,
  type AutomationBodyInput,
  automationPath,
} from "../../../contract/automations";
import { DEVICES_PATH, DevicesAnswerSchema } from "../../../contract/devices";
import { DEFAULT_API_BASES } from "../../../contract/paths";
import { loadFixture } from "../../testing/fixtures";
import {
  call,
  connectDevice,
  freePort,
  jsonOf,
  login,
  nextMessage,
  startTestHub,
  tempDir,
  type TestHub,
} from "../../testing/harness";

const GENERAL = DEFAULT_API_BASES.general;

function householdFile(): string {
  const file = join(tempDir("device-automation-"), "household.json");
  writeFileSync(file, JSON.stringify({ sensors: [], switches: [], switchesList: [] }));
  return file;
}

/** The state `name` publishes in the fixture, with `change` laid over it, as Zigbee2MQTT's payload bytes. */
function stateOf(name: string, change: Record<string, unknown> = {}, without: readonly string[] = []): string {
  const states = loadFixture("zigbee2mqtt/household_states.json").json as Record<string, Record<string, unknown>>;
  const state: Record<string, unknown> = { ...states[name], ...change };
  for (const key of without) delete state[key];
  return JSON.stringify(state);
}

describe("automations on any device capability, from the gateway's own payloads", () => {
  let hub: TestHub;
  let cookie: string;
  let gateway: MqttClient;
  const create = async (body: AutomationBodyInput) => {
    const response = await call(hub, "POST", `${GENERAL}${AUTOMATIONS_PATH}`, { cookie, body });
    expect(response.status).toBeLessThan(300);
    return (await jsonOf(response, AutomationAnswerSchema)).item;
  };

  beforeAll(async () => {
    hub = await startTestHub({ householdConfigPath: householdFile(), mqttPort: await freePort() });
    cookie = await login(hub);
    gateway = await connectDevice(hub, "zigbee2mqtt");
    await gateway.subscribeAsync("zigbee2mqtt/+/set", { qos: 1 });
    const devices = loadFixture("zigbee2mqtt/bridge_devices_household.json");
    await gateway.publishAsync(devices.topic, devices.payload, { qos: 1, retain: true });
    const listed = async () =>
      (await jsonOf(await call(hub, "GET", `${GENERAL}${DEVICES_PATH}`, { cookie }), DevicesAnswerSchema)).items.map(
        (item) => item.id,
      );
    for (let tries = 0; !(await listed()).includes("zigbee2mqtt:Bedside button"); tries++) {
      if (tries > 50) throw new Error("the gateway's devices were not listed");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    gateway.end(true);
    await hub.cleanup();
  });

  it("a button's `single` toggles a plug through its state capability (zigbee2mqtt/<plug>/set), each press", async () => {
    const automation = await create({
      name: "Przycisk przy łóżku",
      trigger: { type: "device", device: "zigbee2mqtt:Bedside button", property: "action", equals: "single" },
      actions: [{ kind: "device.set", device: "zigbee2mqtt:Kitchen plug", property: "state", value: "TOGGLE" }],
    });
    // The first message seen of a device fires nothing (it may be a retained one from before).
    await gateway.publishAsync("zigbee2mqtt/Bedside button", stateOf("Bedside button", {}, ["action"]), { qos: 1 });
    for (const press of [1, 2]) {
      const sent = nextMessage(gateway, "zigbee2mqtt/Kitchen plug/set");
      await gateway.publishAsync("zigbee2mqtt/Bedside button", stateOf("Bedside button"), { qos: 1 });
      expect(JSON.parse((await sent).payload), `press ${String(press)}`).toEqual({ state: "TOGGLE" });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const runs = await call(hub, "GET", `${GENERAL}${automationPath(automation.id)}/runs`, { cookie });
    expect(JSON.stringify(await runs.json())).toContain('"cause":"device"');
  });

  it("a temperature crossing 25 °C switches a relay's second endpoint (state_l2), once per crossing", async () => {
    await create({
      name: "Upał na balkonie",
      trigger: { type: "device", device: "zigbee2mqtt:Balcony climate", property: "temperature", above: 25 },
      actions: [
        { kind: "device.set", device: "zigbee2mqtt:Hall relay", property: "state", endpoint: "l2", value: "ON" },
      ],
    });
    const commands: string[] = [];
    gateway.on("message", (topic, payload) => {
      if (topic === "zigbee2mqtt/Hall relay/set") commands.push(payload.toString("utf8"));
    });
    for (const temperature of [20, 22, 26, 27, 24, 26.5])
      await gateway.publishAsync("zigbee2mqtt/Balcony climate", stateOf("Balcony climate", { temperature }), {
        qos: 1,
      });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(commands).toEqual(['{"state_l2":"ON"}', '{"state_l2":"ON"}']);
  });

  it("refuses a device trigger with none or two of equals, above, below", async () => {
    const response = await call(hub, "POST", `${GENERAL}${AUTOMATIONS_PATH}`, {
      cookie,
      body: {
        name: "Zły",
        trigger: { type: "device", device: "zigbee2mqtt:Hall motion", property: "occupancy", above: 1, below: 0 },
        actions: [{ kind: "notify", message: "x" }],
      },
    });
    expect(response.status).toBe(400);
  });
});
