import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { LightConfig } from "../../contract/lights";
import { DeviceRouter } from "../bridge/router";
import {
  BrokerLinkDownError,
  type BrokerLink,
  type HubLogger,
  type MessageHandler,
  type PublishOptions,
} from "../broker/link";
import { HubError } from "../core/errors";
import { startDevices } from "../devices/start";
import { HouseholdSchema } from "../household/schema";
import { loadFixture } from "../testing/fixtures";
import { LightsService } from "./service";

/** An in-memory broker link: delivers to matching subscriptions and records what the service publishes. */
function fakeLink(connected = true) {
  const handlers: { filter: string; handler: MessageHandler }[] = [];
  const published: { topic: string; payload: string; options: PublishOptions }[] = [];
  const matches = (filter: string, topic: string) => {
    const f = filter.split("/");
    const t = topic.split("/");
    return f.length === t.length && f.every((part, i) => part === "+" || part === t[i]);
  };
  const link: BrokerLink = {
    description: "fake",
    publish: (topic, payload, options) => void published.push({ topic, payload: payload.toString(), options }),
    subscribe: (filter, handler) => void handlers.push({ filter, handler }),
    publishCommand: async (topic, payload) => {
      if (!connected) throw new BrokerLinkDownError("link down");
      published.push({ topic, payload, options: { retain: false, qos: 1 } });
    },
    close: async () => undefined,
  };
  const device = (topic: string, payload: Buffer | string) =>
    handlers.filter((h) => matches(h.filter, topic)).forEach((h) => h.handler(topic, Buffer.from(payload)));
  return { link, published, device };
}
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

/**
 * The lights service as the hub starts it: on a device router over `link` (the topics the fake link
 * matches) that also feeds the device registry its commands go through.
 */
function lightsOn(link: BrokerLink, config: LightConfig[], log: HubLogger = silent) {
  const router = new DeviceRouter(link, silent, {
    zigbee2mqtt: ["zigbee2mqtt/bridge/devices", "zigbee2mqtt/+"],
    tasmota: ["tele/+/STATE", "stat/+/RESULT", "tele/+/LWT"],
  });
  const devices = startDevices(router, link, v.parse(HouseholdSchema, {}), silent);
  return new LightsService(link, config, log, devices.commands).start(router);
}

describe("LightsService", () => {
  it("a state that arrives before bridge/devices (Aedes sends retained ones a tick later) is published once the light is known", () => {
    const { link, published, device } = fakeLink();
    lightsOn(link, [{ name: "bulb", label: "Lampa", room: "Sypialnia" }]);
    const ct = loadFixture("zigbee2mqtt/state_ct_bulb.json", "bulb");
    device(ct.topic, ct.payload);
    expect(published).toEqual([]);
    const devices = loadFixture("zigbee2mqtt/bridge_devices.json");
    device(devices.topic, devices.payload);
    expect(JSON.parse(published.find((m) => m.topic === "features/light/bulb")?.payload ?? "{}")).toMatchObject({
      label: "Lampa",
      room: "Sypialnia",
      white: { min: 250, max: 454 },
    });
    expect(published.find((m) => m.topic === "light/bulb")).toMatchObject({
      payload: JSON.stringify({ state: "ON", brightness: 215, color: null, color_mode: null, color_temp: 325 }),
      options: { retain: true },
    });
  });

  it("a Tasmota light of the household: features and state from its STATE; commands to cmnd/<t>/...; broker down refuses and sends nothing", async () => {
    const { link, published, device } = fakeLink();
    const lights = lightsOn(link, [{ name: "bulb02", label: "Żarówka", tasmota: "bulb02" }]);
    const state = loadFixture("tasmota/state_light_rgbww.json");
    device(state.topic, state.payload);
    expect(lights.features()).toMatchObject([
      { id: "bulb02", source: "tasmota", rgb: true, brightness: { min: 0, max: 100 } },
    ]);
    published.length = 0;
    expect(await lights.set("bulb02", { state: "ON", brightness: 50 })).toBe(2);
    expect(published.map((m) => [m.topic, m.payload, m.options])).toEqual([
      ["cmnd/bulb02/Power", "ON", { retain: false, qos: 1 }],
      ["cmnd/bulb02/Dimmer", "50", { retain: false, qos: 1 }],
    ]);
    await expect(lights.set("bulb02", { brightness: 101 })).rejects.toThrow(HubError);

    const down = fakeLink(false);
    const offline = lightsOn(down.link, [{ name: "bulb02", label: "Żarówka", tasmota: "bulb02" }]);
    down.device(state.topic, state.payload);
    down.published.length = 0;
    await expect(offline.set("bulb02", { state: "ON" })).rejects.toMatchObject({ code: "DEVICE_UNREACHABLE" });
    expect(down.published).toEqual([]);
  });
});

describe("LightsService: a Zigbee2MQTT network larger than the hub follows", () => {
  it("publishes the lights of at most 256 devices, the household's own first, and warns once", () => {
    const { link, published, device } = fakeLink();
    const warnings: unknown[] = [];
    const log = { ...silent, warn: (fields: unknown) => void warnings.push(fields) };
    lightsOn(link, [{ name: "bulb_299", label: "Lampa w kuchni" }], log);
    const real = loadFixture("zigbee2mqtt/bridge_devices.json");
    const entries = JSON.parse(real.payload.toString()) as { friendly_name: string; ieee_address: string }[];
    const bulb = entries.find((entry) => entry.friendly_name === "bulb");
    expect(bulb).toBeDefined();
    // 300 copies of the real bulb's entry under new names: more than the hub follows.
    const many = Array.from({ length: 300 }, (_, i) => ({
      ...bulb!,
      friendly_name: `bulb_${i}`,
      ieee_address: `0x${i.toString(16).padStart(16, "0")}`,
    }));
    device(real.topic, JSON.stringify(many));
    const features = published.filter((m) => m.topic.startsWith("features/light/") && m.payload !== "");
    expect(features).toHaveLength(256);
    expect(features.map((m) => m.topic)).toContain("features/light/bulb_299");
    expect(features.map((m) => m.topic)).not.toContain("features/light/bulb_255");
    expect(warnings).toEqual([expect.objectContaining({ leftOut: 44, max: 256 })]);
    device(real.topic, JSON.stringify(many));
    expect(warnings).toHaveLength(1);
  });
});
