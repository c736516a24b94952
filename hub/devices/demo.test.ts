import * as v from "valibot";
import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capabilitySetPath, ListedDevicesAnswerSchema, type ListedDevice } from "../../contract/adoption";
import { DEVICES_PATH, deviceStateTopic, DeviceStatePayloadSchema, type Capability } from "../../contract/devices";
import { SensorReadingSchema } from "../../contract/sensors";
import { DISCOVERED_TASMOTA } from "../simulator/tasmota-discovery";
import { Z2M_DEMO } from "../simulator/zigbee2mqtt-devices";
import {
  call,
  connectBrowser,
  jsonOf,
  login,
  nextMessage,
  startTestHub,
  until,
  type TestHub,
} from "../testing/harness";

// The demo as a person tries it (`npm start`: the demo household with the simulator): discovery
// shows. The simulated Zigbee2MQTT gateway's devices and the Tasmota device announcing itself are
// on GET /devices with their capabilities, beside the demo's lights; the adopted plug is switched
// through the command path and the simulated device's own state confirms it; the adopted climate
// sensor feeds the bedroom's temperature.

let hub: TestHub;
let cookie: string;
let browser: MqttClient;

beforeAll(async () => {
  hub = await startTestHub({ simulator: true, simulatorIntervalMs: 300 });
  cookie = await login(hub);
  browser = await connectBrowser(hub);
}, 30_000);
afterAll(async () => {
  browser.end(true);
  await hub.cleanup();
});

async function listed(): Promise<ListedDevice[]> {
  const response = await call(hub, "GET", `/api/v2${DEVICES_PATH}`, { cookie });
  expect(response.status).toBe(200);
  return (await jsonOf(response, ListedDevicesAnswerSchema)).items;
}

const leaves = (capabilities: readonly Capability[]): Capability[] =>
  capabilities.flatMap((capability) => (capability.features ? leaves(capability.features) : [capability]));
const properties = (device: ListedDevice | undefined) =>
  leaves(device?.capabilities ?? []).map((capability) => capability.property);

describe("the demo shows discovery", () => {
  it("GET /devices lists the simulated Zigbee2MQTT household and the discovered Tasmota device with their capabilities, the lights still there, three adopted and the rest new", async () => {
    const tasmotaId = `tasmota:${DISCOVERED_TASMOTA.topic}`;
    await until(() => (hub.devices.registry.get(tasmotaId)?.capabilities.length ?? 0) >= 5, 10_000);
    const items = await listed();
    const byId = new Map(items.map((item) => [item.id, item]));
    for (const name of Object.values(Z2M_DEMO))
      expect(byId.get(`zigbee2mqtt:${name}`), name).toMatchObject({ source: "zigbee2mqtt", availability: "online" });
    // One bridge/devices list: the lights' devices are not replaced by the others'.
    for (const light of ["lampa_sypialnia", "hue_salon", "kinkiety_korytarz"])
      expect(byId.has(`zigbee2mqtt:${light}`), light).toBe(true);

    expect(byId.get(`zigbee2mqtt:${Z2M_DEMO.plug}`)).toMatchObject({ model: "SP-EUC01", vendor: "Aqara" });
    expect(properties(byId.get(`zigbee2mqtt:${Z2M_DEMO.plug}`))).toEqual(expect.arrayContaining(["state", "power"]));
    expect(properties(byId.get(`zigbee2mqtt:${Z2M_DEMO.relay}`))).toEqual(
      expect.arrayContaining(["state_l1", "state_l2"]),
    );
    expect(properties(byId.get(`zigbee2mqtt:${Z2M_DEMO.blind}`))).toEqual(expect.arrayContaining(["position"]));
    expect(properties(byId.get(`zigbee2mqtt:${Z2M_DEMO.valve}`))).toEqual(
      expect.arrayContaining(["occupied_heating_setpoint", "local_temperature"]),
    );
    expect(properties(byId.get(`zigbee2mqtt:${Z2M_DEMO.leak}`))).toEqual(expect.arrayContaining(["water_leak"]));

    const tasmota = byId.get(tasmotaId);
    expect(tasmota).toMatchObject({ source: "tasmota", model: "Sonoff Dual R2", availability: "online" });
    expect(properties(tasmota)).toEqual(
      expect.arrayContaining(["POWER1", "POWER2", "BME280.Temperature", "BME280.Humidity"]),
    );
    const fanLabels = leaves(tasmota?.capabilities ?? []).map((capability) => capability.label);
    expect(fanLabels).toEqual(expect.arrayContaining(["Wentylator", "Lustro"]));

    expect(byId.get(`zigbee2mqtt:${Z2M_DEMO.plug}`)?.adoption).toMatchObject({
      label: "Czajnik",
      room: "Kuchnia",
      show: "home",
    });
    expect(byId.get(`zigbee2mqtt:${Z2M_DEMO.blind}`)?.adoption).toMatchObject({ room: "Sypialnia", show: "home" });
    const discovered = [...Object.values(Z2M_DEMO).map((name) => `zigbee2mqtt:${name}`), tasmotaId];
    const fresh = items.filter((item) => discovered.includes(item.id) && item.adoption === null && !item.seen);
    expect(fresh.length).toBe(discovered.length - 3);
  }, 20_000);

  it("POST /devices/{id}/set on the demo's plug is answered by the simulated gateway: its state confirms ON", async () => {
    const id = `zigbee2mqtt:${Z2M_DEMO.plug}`;
    const on = nextMessage(browser, deviceStateTopic(id), 5000, (payload) => payload.includes('"state":"ON"'));
    const response = await call(hub, "POST", `/api/v2${capabilitySetPath(id)}`, {
      cookie,
      body: { property: "state", value: "ON" },
    });
    expect(response.status).toBe(202);
    const state = v.parse(DeviceStatePayloadSchema, JSON.parse((await on).payload));
    expect(state.values).toMatchObject({ state: "ON" });
    expect(Number(state.values.power)).toBeGreaterThan(1000); // a kettle draws about 2 kW
  });

  it("the blind set to 50 % moves there in steps, each reported by the device", async () => {
    const id = `zigbee2mqtt:${Z2M_DEMO.blind}`;
    const positions: number[] = [];
    const topic = deviceStateTopic(id);
    const onMessage = (received: string, payload: Buffer) => {
      if (received !== topic || payload.length === 0) return;
      const { values } = v.parse(DeviceStatePayloadSchema, JSON.parse(payload.toString("utf8")));
      if (typeof values.position === "number") positions.push(values.position);
    };
    browser.on("message", onMessage);
    await browser.subscribeAsync(topic);
    try {
      const response = await call(hub, "POST", `/api/v2${capabilitySetPath(id)}`, {
        cookie,
        body: { property: "position", value: 50 },
      });
      expect(response.status).toBe(202);
      await until(() => positions.at(-1) === 50, 8_000);
      expect(positions.filter((position) => position > 50 && position < 100).length).toBeGreaterThanOrEqual(3);
    } finally {
      browser.off("message", onMessage);
    }
  }, 15_000);

  it("the adopted climate sensor feeds sensor/temp/bedroom", async () => {
    const message = await nextMessage(browser, "sensor/temp/bedroom", 5000);
    const reading = v.parse(SensorReadingSchema, JSON.parse(message.payload));
    expect(reading.value).toBeGreaterThan(15);
    expect(reading.value).toBeLessThan(28);
  });
});
