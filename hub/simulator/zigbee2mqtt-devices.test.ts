import { afterEach, describe, expect, it, vi } from "vitest";
import { readDiscoveryConfig } from "../devices/tasmota-discovery";
import { loadFixture } from "../testing/fixtures";
import type { DeviceMessage } from "./devices";
import { joinBridgeDevices } from "./simulator";
import { dualR2DiscoveryConfig, tasmotaDiscoveredDualR2 } from "./tasmota-discovery";
import { BLIND_STEP_MS, REPORT_MS, Z2M_DEMO, zigbee2mqttDevices } from "./zigbee2mqtt-devices";

// The demo's devices found by discovery speak as the real ones: the fixture's bridge/devices entries
// and state keys, /set answered with the merged state, the blind moving in steps; a Tasmota Dual R2
// announcing itself with the fixture's discovery fields.

afterEach(() => {
  vi.useRealTimers();
});

const payloadOf = (messages: DeviceMessage[], topic: string) =>
  JSON.parse(messages.find((message) => message.topic === topic)?.payload ?? "null") as Record<string, unknown>;
const set = (gateway: ReturnType<typeof zigbee2mqttDevices>, name: string, body: unknown) =>
  gateway.commands?.handle(`zigbee2mqtt/${name}/set`, Buffer.from(JSON.stringify(body))) ?? [];

describe("the simulated Zigbee2MQTT household", () => {
  it("first round: one retained bridge/devices of the eleven fixture models, each online and with a retained state shaped as the fixture's", () => {
    const gateway = zigbee2mqttDevices(() => 0.5);
    const first = gateway.tick(new Date("2026-11-27T10:00:00Z"));
    const list = first.filter((message) => message.topic === "zigbee2mqtt/bridge/devices");
    expect(list).toHaveLength(1);
    expect(list[0]?.retain).toBe(true);
    const entries = JSON.parse(list[0]?.payload ?? "[]") as { friendly_name: string; definition: { model: string } }[];
    expect(entries.map((entry) => entry.friendly_name).sort()).toEqual(Object.values(Z2M_DEMO).sort());
    const fixture = loadFixture("zigbee2mqtt/bridge_devices_household.json").json as { definition?: unknown }[];
    for (const entry of entries) expect(fixture.map((item) => item.definition)).toContainEqual(entry.definition);

    const states = loadFixture("zigbee2mqtt/household_states.json").json as Record<string, Record<string, unknown>>;
    const keys = (state: Record<string, unknown> | undefined) => Object.keys(state ?? {}).sort();
    expect(keys(payloadOf(first, `zigbee2mqtt/${Z2M_DEMO.plug}`))).toEqual(keys(states["Kitchen plug"]));
    expect(keys(payloadOf(first, `zigbee2mqtt/${Z2M_DEMO.valve}`))).toEqual(keys(states["Living room valve"]));
    expect(keys(payloadOf(first, `zigbee2mqtt/${Z2M_DEMO.lock}`))).toEqual(keys(states["Front door lock"]));
    expect(payloadOf(first, `zigbee2mqtt/${Z2M_DEMO.leak}`)).toMatchObject({ water_leak: false });
    for (const name of Object.values(Z2M_DEMO)) {
      expect(first).toContainEqual({
        topic: `zigbee2mqtt/${name}/availability`,
        payload: '{"state":"online"}',
        retain: true,
      });
      expect(first.find((message) => message.topic === `zigbee2mqtt/${name}`)?.retain).toBe(true);
    }
  });

  it("/set: the plug, relay, lock and valve answer with their merged state; a foreign device or a bad payload changes nothing", () => {
    const gateway = zigbee2mqttDevices(() => 0.5);
    gateway.tick(new Date());
    expect(JSON.parse(set(gateway, Z2M_DEMO.plug, { state: "TOGGLE" })[0]?.payload ?? "{}")).toMatchObject({
      state: "ON",
      power: expect.any(Number),
    });
    expect(JSON.parse(set(gateway, Z2M_DEMO.relay, { state_l2: "ON" })[0]?.payload ?? "{}")).toMatchObject({
      state_l1: "ON",
      state_l2: "ON",
    });
    expect(JSON.parse(set(gateway, Z2M_DEMO.lock, { state: "UNLOCK" })[0]?.payload ?? "{}")).toMatchObject({
      state: "UNLOCK",
      lock_state: "unlocked",
    });
    expect(
      JSON.parse(set(gateway, Z2M_DEMO.valve, { occupied_heating_setpoint: 22.3 })[0]?.payload ?? "{}"),
    ).toMatchObject({ occupied_heating_setpoint: 22.5 });
    expect(set(gateway, "lampa_sypialnia", { state: "ON" })).toEqual([]);
    expect(set(gateway, Z2M_DEMO.lock, { state: "OPEN" })).toEqual([]);
    expect(gateway.commands?.handle(`zigbee2mqtt/${Z2M_DEMO.plug}/set`, Buffer.from("{not json"))).toEqual([]);
    expect(set(gateway, Z2M_DEMO.plug, ["ON"])).toEqual([]);
  });

  it("the blind moves to its position in steps through the simulator's publish, and STOP stops it", () => {
    vi.useFakeTimers();
    const gateway = zigbee2mqttDevices(() => 0.5);
    gateway.tick(new Date());
    const published: DeviceMessage[] = [];
    const stop = gateway.start?.((message) => published.push(message));
    expect(set(gateway, Z2M_DEMO.blind, { position: 50 })).toEqual([]);
    vi.advanceTimersByTime(BLIND_STEP_MS * 6);
    const positions = published.map((message) => (JSON.parse(message.payload) as { position: number }).position);
    expect(positions).toEqual([90, 80, 70, 60, 50]);
    set(gateway, Z2M_DEMO.blind, { state: "CLOSE" });
    vi.advanceTimersByTime(BLIND_STEP_MS * 2);
    set(gateway, Z2M_DEMO.blind, { state: "STOP" });
    vi.advanceTimersByTime(BLIND_STEP_MS * 4);
    expect(JSON.parse(published.at(-1)?.payload ?? "{}")).toMatchObject({ position: 30, state: "OPEN" });
    stop?.();
  });

  it("by the clock: the climate sensor reports every 30 s with a small change; nothing between", () => {
    const gateway = zigbee2mqttDevices(() => 0.5);
    const start = new Date("2026-11-27T10:00:00Z").getTime();
    const first = payloadOf(gateway.tick(new Date(start)), `zigbee2mqtt/${Z2M_DEMO.climate}`);
    const between = gateway.tick(new Date(start + 5_000));
    expect(between.find((message) => message.topic === `zigbee2mqtt/${Z2M_DEMO.climate}`)).toBeUndefined();
    const next = payloadOf(gateway.tick(new Date(start + REPORT_MS)), `zigbee2mqtt/${Z2M_DEMO.climate}`);
    expect(Math.abs(Number(next.temperature) - Number(first.temperature))).toBeLessThanOrEqual(0.2);
  });

  it("joins several bridge/devices lists into one, each friendly name once", () => {
    const a = [{ friendly_name: "lampa" }, { friendly_name: "x" }];
    const b = [{ friendly_name: "x", other: true }, { friendly_name: "gniazdko" }];
    expect(joinBridgeDevices([a, b])).toEqual([{ friendly_name: "lampa" }, { friendly_name: "x" }, b[1]]);
  });
});

describe("the simulated Tasmota device found by discovery", () => {
  it("announces itself with the fixture's discovery fields, retained, and switches relay 2 on cmnd/<t>/POWER2", () => {
    const fixture = loadFixture("tasmota/discovery_relay2_bme280_config.json").json as Record<string, unknown>;
    const config = dualR2DiscoveryConfig("tasmota_7E21A4", "A4CF127E21A4");
    expect(Object.keys(config)).toEqual(Object.keys(fixture));
    const read = readDiscoveryConfig("A4CF127E21A4", config);
    expect(read.ok).toBe(true);

    const device = tasmotaDiscoveredDualR2("tasmota_7E21A4", "A4CF127E21A4", () => 0.9);
    const first = device.tick(new Date());
    const announced = first.filter((message) => message.topic.startsWith("tasmota/discovery/A4CF127E21A4/"));
    expect(announced.map((message) => [message.topic, message.retain])).toEqual([
      ["tasmota/discovery/A4CF127E21A4/config", true],
      ["tasmota/discovery/A4CF127E21A4/sensors", true],
    ]);
    expect(payloadOf(first, "tasmota/discovery/A4CF127E21A4/sensors")).toMatchObject({
      sn: { BME280: { Temperature: expect.any(Number) } },
      ver: 1,
    });
    expect(payloadOf(first, "tele/tasmota_7E21A4/SENSOR")).toMatchObject({ BME280: { Humidity: expect.any(Number) } });
    expect(device.tick(new Date()).some((message) => message.topic.startsWith("tasmota/discovery/"))).toBe(false);
    expect(device.command?.("cmnd/tasmota_7E21A4/POWER2", "ON", new Date())).toContainEqual({
      topic: "stat/tasmota_7E21A4/POWER2",
      payload: "ON",
      retain: false,
    });
  });
});
