import * as v from "valibot";
import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../contract/envelope";
import { garagePath } from "../../contract/garage";
import { LightFeaturesSchema, lightSetPath } from "../../contract/lights";
import { switchSetPath } from "../../contract/switches";
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
  type TestHub,
} from "../testing/harness";
import { availabilityGuardedLink, commandTarget, DeviceAvailability, DeviceOfflineError } from "./availability";
import type { BrokerLink, MessageHandler } from "./link";

/** A link that records commands and lets the test deliver device messages. */
function fakeLink() {
  const handlers: [string, MessageHandler][] = [];
  const sent: string[] = [];
  const link: BrokerLink = {
    description: "fake",
    publish: () => undefined,
    subscribe: (filter, handler) => void handlers.push([filter, handler]),
    publishCommand: async (topic) => void sent.push(topic),
    close: async () => undefined,
  };
  const deliver = (topic: string, payload: string) => {
    for (const [filter, handler] of handlers) {
      const re = new RegExp(`^${filter.replace(/\+/g, "[^/]+").replace(/#$/, ".*")}$`);
      if (re.test(topic)) handler(topic, Buffer.from(payload));
    }
  };
  return { link, sent, deliver };
}

describe("device availability: commands to devices known offline are refused", () => {
  it("reads the command's device from Tasmota and Zigbee2MQTT command topics", () => {
    expect(commandTarget("cmnd/listwa/POWER2")).toEqual({ kind: "tasmota", device: "listwa" });
    expect(commandTarget("zigbee2mqtt/bulb/set")).toEqual({ kind: "zigbee2mqtt", device: "bulb" });
    expect(commandTarget("zigbee2mqtt/Kitchen lamp/set/state")).toEqual({
      kind: "zigbee2mqtt",
      device: "Kitchen lamp",
    });
    expect(commandTarget("settings/x")).toBeNull();
  });

  it("follows real LWT and availability payloads (fixtures), refusing only while offline and publishing nothing", async () => {
    const { link, sent, deliver } = fakeLink();
    const household = new Set(["listwa", "pompa", "bulb"]);
    const guarded = availabilityGuardedLink(
      link,
      new DeviceAvailability({ isKnownDevice: (_source, name) => household.has(name) }).start(link),
    );
    await guarded.publishCommand("cmnd/listwa/POWER1", "ON"); // never heard of: reachable
    const offline = loadFixture("tasmota/lwt_offline.json", "listwa");
    deliver(offline.topic.replace("tasmota_XXXXXX", "listwa"), offline.payload.toString("utf8"));
    await expect(guarded.publishCommand("cmnd/listwa/POWER1", "ON")).rejects.toBeInstanceOf(DeviceOfflineError);
    await guarded.publishCommand("cmnd/pompa/POWER", "ON"); // another device is not affected
    deliver("tele/listwa/LWT", loadFixture("tasmota/lwt_online.json").payload.toString("utf8"));
    await guarded.publishCommand("cmnd/listwa/POWER1", "OFF");

    deliver(
      "zigbee2mqtt/bulb/availability",
      loadFixture("zigbee2mqtt/availability_json_offline.json").payload.toString("utf8"),
    );
    await expect(guarded.publishCommand("zigbee2mqtt/bulb/set", "{}")).rejects.toBeInstanceOf(DeviceOfflineError);
    deliver(
      "zigbee2mqtt/bulb/availability",
      loadFixture("zigbee2mqtt/availability_legacy_online.json").payload.toString("utf8"),
    );
    await guarded.publishCommand("zigbee2mqtt/bulb/set", "{}");
    deliver("zigbee2mqtt/bulb/availability", "offline");
    await expect(guarded.publishCommand("zigbee2mqtt/bulb/set", "{}")).rejects.toBeInstanceOf(DeviceOfflineError);
    deliver("tele/listwa/LWT", "garbage"); // neither: the last known state stays
    // A device the household does not have is not remembered (made-up names cannot grow the set).
    deliver("tele/made_up/LWT", "Offline");
    await guarded.publishCommand("cmnd/made_up/POWER", "ON");
    expect(sent).toEqual([
      "cmnd/listwa/POWER1",
      "cmnd/pompa/POWER",
      "cmnd/listwa/POWER1",
      "zigbee2mqtt/bulb/set",
      "cmnd/made_up/POWER",
    ]);
  });
});

describe("switches, garage and lights answer 409 DEVICE_UNREACHABLE for an offline device through the real hub", () => {
  let hub: TestHub;
  let cookie: string;
  const clients: MqttClient[] = [];
  const seen: string[] = [];

  beforeAll(async () => {
    hub = await startTestHub({ mqttPort: await freePort() });
    cookie = await login(hub);
    for (const name of ["listwa", "garaz"]) {
      const device = await connectDevice(hub, name);
      clients.push(device);
      device.on("message", (topic) => seen.push(topic));
      await device.subscribeAsync(`cmnd/${name}/#`, { qos: 1 });
      await device.publishAsync(`tele/${name}/LWT`, "Offline", { qos: 1, retain: true });
    }
    const browser = await connectBrowser(hub, cookie);
    clients.push(browser);
    const featuresArrive = nextMessage(browser, "features/light/bulb");
    const z2m = await connectDevice(hub, "zigbee2mqtt");
    clients.push(z2m);
    z2m.on("message", (topic) => seen.push(topic));
    await z2m.subscribeAsync("zigbee2mqtt/+/set");
    const devices = loadFixture("zigbee2mqtt/bridge_devices.json");
    await z2m.publishAsync(devices.topic, devices.payload, { retain: true, qos: 1 });
    v.parse(LightFeaturesSchema, JSON.parse((await featuresArrive).payload));
    await z2m.publishAsync("zigbee2mqtt/bulb/availability", JSON.stringify({ state: "offline" }), {
      retain: true,
      qos: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  afterAll(async () => {
    for (const client of clients) await client.endAsync(true);
    await hub.cleanup();
  });

  it("POST /switch, /garage/open and /light each answer 409 DEVICE_UNREACHABLE and nothing reaches a device topic", async () => {
    const calls: [string, unknown][] = [
      [`/api/v2${switchSetPath("listwa")}`, { relay: 1, state: "ON" }],
      [`/api/garage/v1${garagePath("garage", "open")}`, undefined],
      [`/api/v2${lightSetPath("bulb")}`, { state: "ON" }],
    ];
    for (const [path, body] of calls) {
      const response = await call(hub, "POST", path, { cookie, body });
      expect(response.status, path).toBe(409);
      expect((await jsonOf(response, ErrorBodySchema)).code, path).toBe("DEVICE_UNREACHABLE");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([]);
  });
});
