import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdoptionInput } from "../../contract/adoption";
import { AUTOMATIONS_PATH, AutomationAnswerSchema, type AutomationBodyInput } from "../../contract/automations";
import { DEFAULT_API_BASES } from "../../contract/paths";
import { SENSORS_PATH, SensorListSchema } from "../../contract/sensors";
import { loadFixture } from "../testing/fixtures";
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
} from "../testing/harness";

const GENERAL = DEFAULT_API_BASES.general;

/** A climate sensor and a door contact adopted as sensors (the household file's `devices` section); no sensor written by hand. */
const ADOPTIONS: Record<string, AdoptionInput> = {
  "zigbee2mqtt:Balcony climate": {
    label: "Balkon",
    use: { as: "sensor", kind: "temp", place: "balcony", property: "temperature" },
  },
  "zigbee2mqtt:Balcony door": {
    label: "Drzwi balkonowe",
    use: { as: "sensor", kind: "door", place: "balcony_door", property: "contact" },
  },
};

/** The state `name` publishes in the fixture, with `change` laid over it, as Zigbee2MQTT's payload bytes. */
function stateOf(name: string, change: Record<string, unknown> = {}): string {
  const states = loadFixture("zigbee2mqtt/household_states.json").json as Record<string, Record<string, unknown>>;
  return JSON.stringify({ ...states[name], ...change });
}

describe("threshold and door triggers on adopted sensors, from the gateway's own payloads", () => {
  let hub: TestHub;
  let cookie: string;
  let gateway: MqttClient;
  const post = (body: AutomationBodyInput) => call(hub, "POST", `${GENERAL}${AUTOMATIONS_PATH}`, { cookie, body });

  beforeAll(async () => {
    const file = join(tempDir("adopted-sensor-automation-"), "household.json");
    writeFileSync(file, JSON.stringify({ sensors: [], switches: [], switchesList: [], devices: ADOPTIONS }));
    hub = await startTestHub({ householdConfigPath: file, mqttPort: await freePort() });
    cookie = await login(hub);
    gateway = await connectDevice(hub, "zigbee2mqtt");
    await gateway.subscribeAsync("zigbee2mqtt/+/set", { qos: 1 });
    const devices = loadFixture("zigbee2mqtt/bridge_devices_household.json");
    await gateway.publishAsync(devices.topic, devices.payload, { qos: 1, retain: true });
    const listed = async () =>
      (await jsonOf(await call(hub, "GET", `${GENERAL}${SENSORS_PATH}`, { cookie }), SensorListSchema)).items;
    for (let tries = 0; (await listed()).length < 2; tries++) {
      if (tries > 50) throw new Error("the adopted sensors were not listed");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    gateway.end(true);
    await hub.cleanup();
  });

  it("an adopted sensor from GET /config/sensors is accepted; a temperature crossing 25 °C and a door opening set the plug", async () => {
    const sensors = (await jsonOf(await call(hub, "GET", `${GENERAL}${SENSORS_PATH}`, { cookie }), SensorListSchema))
      .items;
    expect(sensors.map((sensor) => [sensor.id, sensor.kind])).toEqual([
      ["zigbee2mqtt:Balcony climate", "temp"],
      ["zigbee2mqtt:Balcony door", "door"],
    ]);
    const plugTo = (value: string) => ({
      kind: "device.set" as const,
      device: "zigbee2mqtt:Kitchen plug",
      property: "state",
      value,
    });
    expect(
      (
        await post({
          name: "Upał",
          trigger: { type: "threshold", sensor: "zigbee2mqtt:Balcony climate", direction: "above", value: 25 },
          actions: [plugTo("OFF")],
        })
      ).status,
    ).toBe(200);
    const door = await post({
      name: "Drzwi",
      trigger: { type: "door", sensor: "zigbee2mqtt:Balcony door", to: "open" },
      actions: [plugTo("ON")],
    });
    expect(door.status).toBe(200);
    expect((await jsonOf(door, AutomationAnswerSchema)).item.trigger).toEqual({
      type: "door",
      sensor: "zigbee2mqtt:Balcony door",
      to: "open",
    });
    // The climate sensor is no door: refused naming the field, as for a household file's sensor.
    const notDoor = await post({
      name: "Nie drzwi",
      trigger: { type: "door", sensor: "zigbee2mqtt:Balcony climate", to: "open" },
      actions: [plugTo("ON")],
    });
    expect(notDoor.status).toBe(400);
    expect(await notDoor.text()).toContain("no such door sensor");

    await gateway.publishAsync("zigbee2mqtt/Balcony climate", stateOf("Balcony climate", { temperature: 21 }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const off = nextMessage(gateway, "zigbee2mqtt/Kitchen plug/set");
    await gateway.publishAsync("zigbee2mqtt/Balcony climate", stateOf("Balcony climate", { temperature: 26.5 }));
    expect(JSON.parse((await off).payload)).toEqual({ state: "OFF" });

    await gateway.publishAsync("zigbee2mqtt/Balcony door", stateOf("Balcony door", { contact: true })); // closed
    await new Promise((resolve) => setTimeout(resolve, 200));
    const on = nextMessage(gateway, "zigbee2mqtt/Kitchen plug/set");
    await gateway.publishAsync("zigbee2mqtt/Balcony door", stateOf("Balcony door", { contact: false })); // open
    expect(JSON.parse((await on).payload)).toEqual({ state: "ON" });
  });
});
