import { describe, expect, it } from "vitest";
import {
  browserMayReceive,
  browserMaySubscribe,
  devicePublishProblem,
  deviceMaySubscribe,
  deviceTopicProblem,
  tasmotaDiscoveryProblem,
  unboundTasmotaTopic,
  type DeviceAccess,
} from "./acl";
import { loadFixture } from "../testing/fixtures";

const balkon: DeviceAccess = { kind: "tasmota", topic: "balkon" };
const gateway: DeviceAccess = { kind: "zigbee2mqtt", topic: "zigbee2mqtt" };
const anonymous: DeviceAccess = { kind: "anonymous" };
const empty = Buffer.alloc(0);
const json = Buffer.from('{"POWER":"ON"}');
const mayPublish = (access: DeviceAccess, topic: string, payload: Buffer = json) =>
  devicePublishProblem(access, topic, payload) === null;

describe("device publish rules", () => {
  it("a Tasmota device publishes only its own tele/ and stat/ topics, plus its own empty cmnd/<t>/POWER query", () => {
    for (const topic of [
      "tele/balkon/SENSOR",
      "tele/balkon/STATE",
      "tele/balkon/LWT",
      "stat/balkon/POWER1",
      "stat/balkon/RESULT",
      "tele/balkon/INFO1",
    ]) {
      expect(mayPublish(balkon, topic), topic).toBe(true);
    }
    expect(mayPublish(balkon, "cmnd/balkon/POWER", empty)).toBe(true);
    for (const topic of [
      "tele/kuchnia/SENSOR",
      "stat/pompa/POWER",
      "tele/balkon",
      "tele",
      "cmnd/pompa/POWER",
      "cmnd/balkon/POWER1",
      "cmnd/tasmotas/POWER",
      "zigbee2mqtt/x/set",
      "zigbee2mqtt/czujnik_ogrod",
      "homeassistant/status",
      "foo/bar",
    ]) {
      expect(mayPublish(balkon, topic), topic).toBe(false);
    }
    expect(mayPublish(balkon, "cmnd/balkon/POWER", Buffer.from("ON"))).toBe(false);
  });

  it("nobody publishes into the dashboard's namespace or $-topics", () => {
    for (const access of [balkon, gateway, anonymous]) {
      for (const topic of [
        "sensor/temp/outside",
        "settings/garageLight",
        "power/pompa/POWER",
        "availability/balkon",
        "tasmota/tele/balkon/SENSOR",
        "features/ir",
        "light/salon",
        "heater/state",
        "gps/car",
        "ir/tv",
        "camera/state",
        "calendar/events",
        "doorbell/ring",
        "$SYS/broker/x",
        "$hub/refused",
      ]) {
        expect(devicePublishProblem(access, topic, json), `${access.kind} ${topic}`).not.toBeNull();
      }
    }
    expect(devicePublishProblem(gateway, "settings/garageLight", json)).toMatch(/written only by the hub/);
  });

  it("a Zigbee2MQTT gateway publishes under its base topic but never a command (set, get, bridge/request)", () => {
    for (const topic of [
      "zigbee2mqtt/czujnik_ogrod",
      "zigbee2mqtt/czujnik_ogrod/availability",
      "zigbee2mqtt/bridge/state",
      "zigbee2mqtt/bridge/devices",
      "zigbee2mqtt/bridge/response/permit_join",
      "zigbee2mqtt/bridge/event",
    ]) {
      expect(mayPublish(gateway, topic), topic).toBe(true);
    }
    for (const topic of [
      "zigbee2mqtt/lampa/set",
      "zigbee2mqtt/lampa/set/brightness",
      "zigbee2mqtt/lampa/l1/set",
      "zigbee2mqtt/lampa/get",
      "zigbee2mqtt/bridge/request/permit_join",
      "zigbee2mqtt",
      "zigbee2mqttx/a",
      "tele/balkon/SENSOR",
      "homeassistant/sensor/x/config",
    ]) {
      expect(mayPublish(gateway, topic), topic).toBe(false);
    }
    const custom: DeviceAccess = { kind: "zigbee2mqtt", topic: "dom/zigbee" };
    expect(mayPublish(custom, "dom/zigbee/lampa")).toBe(true);
    expect(mayPublish(custom, "dom/zigbee/lampa/set")).toBe(false);
    expect(mayPublish(custom, "zigbee2mqtt/lampa")).toBe(false);
  });

  it("an anonymous device (HUB_MQTT_ALLOW_ANONYMOUS=1) publishes any device's readings but no command", () => {
    for (const topic of ["tele/balkon/SENSOR", "stat/pompa/POWER", "zigbee2mqtt/czujnik_ogrod"])
      expect(mayPublish(anonymous, topic), topic).toBe(true);
    for (const topic of [
      "cmnd/pompa/POWER",
      "zigbee2mqtt/lampa/set",
      "zigbee2mqtt/bridge/request/restart",
      "sensor/temp/outside",
    ])
      expect(mayPublish(anonymous, topic), topic).toBe(false);
    expect(mayPublish(anonymous, "cmnd/balkon/POWER", empty)).toBe(false);
  });
});

describe("a Frigate NVR's rules (kind frigate, its mqtt.topic_prefix)", () => {
  const nvr: DeviceAccess = { kind: "frigate", topic: "frigate" };
  const payload = Buffer.from("ON");
  it("publishes its events, reviews, motion and availability under its prefix, never a command or elsewhere", () => {
    for (const topic of [
      "frigate/events",
      "frigate/reviews",
      "frigate/available",
      "frigate/front_door/motion",
      "frigate/stats",
    ])
      expect(devicePublishProblem(nvr, topic, payload), topic).toBeNull();
    for (const topic of [
      "frigate/front_door/detect/set",
      "frigate/restart",
      "frigate/onConnect",
      "frigate/front_door/ptz",
      "frigate/front_door/notifications/suspend",
    ])
      expect(devicePublishProblem(nvr, topic, payload), topic).toMatch(/Frigate command topic/);
    expect(devicePublishProblem(nvr, "zigbee2mqtt/lamp", payload)).toMatch(/only under frigate\//);
    expect(devicePublishProblem(nvr, "camera/recordings/wejscie", payload)).toMatch(/namespace/);
    expect(devicePublishProblem({ kind: "frigate", topic: "dom/nvr" }, "dom/nvr/events", payload)).toBeNull();
  });
  it("subscribes only under its prefix; its prefix may not be a dashboard or device root", () => {
    expect(deviceMaySubscribe(nvr, "frigate/#", "frigate-1")).toBe(true);
    expect(deviceMaySubscribe(nvr, "#", "frigate-1")).toBe(false);
    expect(deviceMaySubscribe(nvr, "zigbee2mqtt/#", "frigate-1")).toBe(false);
    expect(deviceTopicProblem("frigate", "frigate")).toBeNull();
    expect(deviceTopicProblem("frigate", "camera")).toMatch(/Frigate topic prefix may not start with "camera"/);
    expect(deviceTopicProblem("frigate", "a/+")).toMatch(/Frigate topic prefix is 1 to 200/);
  });
});

describe("device subscribe rules", () => {
  it("a Tasmota device reads its own commands, the group topic and its fallback topic only", () => {
    for (const filter of ["cmnd/balkon/#", "cmnd/balkon/POWER", "cmnd/tasmotas/#", "cmnd/DVES_1A2B3C_fb/#"]) {
      expect(deviceMaySubscribe(balkon, filter, "DVES_1A2B3C"), filter).toBe(true);
    }
    for (const filter of [
      "#",
      "cmnd/#",
      "cmnd/+/POWER",
      "cmnd/pompa/#",
      "cmnd/DVES_999999_fb/#",
      "+/balkon/#",
      "tele/balkon/#",
      "zigbee2mqtt/#",
      "sensor/#",
      "$SYS/#",
      "homeassistant/status",
    ]) {
      expect(deviceMaySubscribe(balkon, filter, "DVES_1A2B3C"), filter).toBe(false);
    }
  });

  it("a Zigbee2MQTT gateway reads filters under its base (it subscribes to <base>/#) and homeassistant/status", () => {
    for (const filter of [
      "zigbee2mqtt/#",
      "zigbee2mqtt/+/set",
      "zigbee2mqtt/+/+/set",
      "zigbee2mqtt/+/get",
      "zigbee2mqtt/bridge/request/#",
      "homeassistant/status",
    ]) {
      expect(deviceMaySubscribe(gateway, filter, "z2m"), filter).toBe(true);
    }
    for (const filter of [
      "#",
      "+/#",
      "+/lampa/set",
      "cmnd/#",
      "homeassistant/#",
      "tele/#",
      "$SYS/#",
      "zigbee2mqttx/#",
    ]) {
      expect(deviceMaySubscribe(gateway, filter, "z2m"), filter).toBe(false);
    }
  });

  it("an anonymous device reads named command topics and zigbee2mqtt/, never everything", () => {
    expect(deviceMaySubscribe(anonymous, "cmnd/balkon/#", "x")).toBe(true);
    expect(deviceMaySubscribe(anonymous, "zigbee2mqtt/#", "x")).toBe(true);
    for (const filter of ["#", "cmnd/#", "cmnd/+/POWER", "sensor/#", "tele/#"])
      expect(deviceMaySubscribe(anonymous, filter, "x"), filter).toBe(false);
  });
});

describe("browser rules", () => {
  it("a browser subscribes to # (the dashboard) or inside the namespace, and receives only the namespace", () => {
    for (const filter of ["#", "sensor/#", "settings/garageLight", "power/+/POWER"])
      expect(browserMaySubscribe(filter), filter).toBe(true);
    for (const filter of ["+/#", "tele/#", "cmnd/#", "zigbee2mqtt/#", "$SYS/#", "$hub/refused"])
      expect(browserMaySubscribe(filter), filter).toBe(false);
    expect(browserMayReceive("sensor/temp/outside")).toBe(true);
    expect(browserMayReceive("tasmota/tele/balkon/SENSOR")).toBe(true);
    for (const topic of [
      "tele/balkon/SENSOR",
      "cmnd/pompa/POWER",
      "zigbee2mqtt/lampa/set",
      "zigbee2mqtt/bridge/info",
      "sensorx/a",
    ])
      expect(browserMayReceive(topic), topic).toBe(false);
  });

  it("lets a browser receive only its own panel's commands (none without a panel)", () => {
    expect(browserMayReceive("panel/kuchnia-1234/command", "kuchnia-1234")).toBe(true);
    expect(browserMayReceive("panel/kuchnia-1234/command", "telefon-ani-1")).toBe(false);
    expect(browserMayReceive("panel/kuchnia-1234/command")).toBe(false);
    // Panels' states and the list's revision are everyone's.
    expect(browserMayReceive("panel/kuchnia-1234/state")).toBe(true);
    expect(browserMayReceive("panels/revision", "telefon-ani-1")).toBe(true);
  });
});

describe("device topics of MQTT users", () => {
  it("accepts one-level Tasmota topics and Zigbee2MQTT base topics outside the hub's and Tasmota's", () => {
    expect(deviceTopicProblem("tasmota", "balkon")).toBeNull();
    expect(deviceTopicProblem("tasmota", "DVES_1A2B3C")).toBeNull();
    expect(deviceTopicProblem("zigbee2mqtt", "zigbee2mqtt")).toBeNull();
    expect(deviceTopicProblem("zigbee2mqtt", "dom/zigbee")).toBeNull();
    for (const topic of ["", "a/b", "a+", "#", "$SYS", "with space", "tasmotas", "x".repeat(101)])
      expect(deviceTopicProblem("tasmota", topic), topic).not.toBeNull();
    for (const topic of ["", "sensor", "settings/x", "tele", "cmnd/x", "homeassistant", "a//b", "a/+", "$SYS"])
      expect(deviceTopicProblem("zigbee2mqtt", topic), topic).not.toBeNull();
  });
});

describe("Tasmota native discovery (tasmota/discovery/<MAC>/config and /sensors)", () => {
  const config = loadFixture("tasmota/discovery_relay2_bme280_config.json");
  const sensors = loadFixture("tasmota/discovery_relay2_bme280_sensors.json");
  const own: DeviceAccess = { kind: "tasmota", topic: "tasmota_B34C5D", mac: null };
  const unbound: DeviceAccess = { kind: "tasmota", topic: "", mac: null };
  const bound: DeviceAccess = { kind: "tasmota", topic: "tasmota_B34C5D", mac: "A4CF12B34C5D" };
  const withConfig = (change: Record<string, unknown>) =>
    Buffer.from(JSON.stringify({ ...(config.json as Record<string, unknown>), ...change }));
  const problem = (access: DeviceAccess, topic: string, payload: Buffer) =>
    access.kind === "tasmota" ? tasmotaDiscoveryProblem(access, topic, payload) : { problem: "n/a" };

  it("its own config is accepted with its MAC and topic; /sensors and removal once the MAC is bound", () => {
    expect(problem(own, config.topic, config.payload)).toEqual({
      claim: { mac: "A4CF12B34C5D", topic: "tasmota_B34C5D" },
    });
    expect(problem(unbound, config.topic, config.payload)).toEqual({
      claim: { mac: "A4CF12B34C5D", topic: "tasmota_B34C5D" },
    });
    expect(mayPublish(own, config.topic, config.payload)).toBe(true);
    expect(problem(own, sensors.topic, sensors.payload)).toMatchObject({
      problem: expect.stringMatching(/before the config/),
    });
    expect(problem(bound, sensors.topic, sensors.payload)).toEqual({ claim: { mac: "A4CF12B34C5D", topic: null } });
    expect(problem(bound, config.topic, empty)).toEqual({ claim: { mac: "A4CF12B34C5D", topic: null } });
    expect(problem(own, config.topic, empty)).toMatchObject({ problem: expect.any(String) });
  });

  it("refuses another MAC, a mac field or t that is not its own, a bad MAC level, size, JSON and __proto__", () => {
    const refused = (access: DeviceAccess, topic: string, payload: Buffer) =>
      "problem" in problem(access, topic, payload) && !mayPublish(access, topic, payload);
    expect(refused(bound, "tasmota/discovery/A4CF12B34C5E/config", withConfig({ mac: "A4CF12B34C5E" }))).toBe(true);
    expect(refused(own, config.topic, withConfig({ mac: "A4CF12B34C5E" }))).toBe(true);
    expect(refused(own, config.topic, withConfig({ t: "kuchnia" }))).toBe(true);
    expect(refused(unbound, config.topic, withConfig({ t: "a/b" }))).toBe(true);
    expect(refused(unbound, config.topic, withConfig({ t: "a+" }))).toBe(true);
    expect(refused(unbound, config.topic, withConfig({ t: "__proto__" }))).toBe(true);
    expect(refused(unbound, config.topic, withConfig({ t: "tasmotas" }))).toBe(true);
    expect(refused(own, "tasmota/discovery/A4CF12B34C5/config", config.payload)).toBe(true);
    expect(refused(own, "tasmota/discovery/A4CF12B34C5DXX/config", config.payload)).toBe(true);
    expect(refused(own, "tasmota/discovery/+/config", config.payload)).toBe(true);
    expect(refused(own, "tasmota/discovery/A4CF12B34C5D/other", config.payload)).toBe(true);
    expect(refused(own, config.topic, withConfig({ pad: "x".repeat(8200) }))).toBe(true);
    expect(refused(own, config.topic, Buffer.from("not json"))).toBe(true);
    expect(refused(own, config.topic, Buffer.from("[1,2]"))).toBe(true);
    const proto = `{"mac":"A4CF12B34C5D","t":"tasmota_B34C5D","so":{"__proto__":{"polluted":true}}}`;
    expect(refused(own, config.topic, Buffer.from(proto))).toBe(true);
    expect(refused(gateway, config.topic, config.payload)).toBe(true);
  });

  it("a Tasmota user without a topic publishes only tele/<x>/LWT and subscribes to cmnd/<x>/…, group and fallback", () => {
    expect(mayPublish(unbound, "tele/tasmota_B34C5D/LWT", Buffer.from("Online"))).toBe(true);
    for (const topic of [
      "tele/tasmota_B34C5D/STATE",
      "stat/tasmota_B34C5D/RESULT",
      "cmnd/tasmota_B34C5D/POWER",
      "sensor/temp/x",
    ])
      expect(mayPublish(unbound, topic, empty), topic).toBe(false);
    expect(deviceMaySubscribe(unbound, "cmnd/tasmota_B34C5D/#", "DVES_B34C5D")).toBe(true);
    expect(deviceMaySubscribe(unbound, "cmnd/tasmotas/#", "DVES_B34C5D")).toBe(true);
    expect(deviceMaySubscribe(unbound, "cmnd/DVES_B34C5D_fb/#", "DVES_B34C5D")).toBe(true);
    expect(deviceMaySubscribe(unbound, "cmnd/+/#", "DVES_B34C5D")).toBe(false);
    expect(deviceMaySubscribe(unbound, "cmnd/#", "DVES_B34C5D")).toBe(false);
    expect(deviceMaySubscribe(unbound, "tasmota/discovery/#", "DVES_B34C5D")).toBe(false);
    expect(unboundTasmotaTopic(["tele", "tasmota_B34C5D", "LWT"], "c")).toBe("tasmota_B34C5D");
    expect(unboundTasmotaTopic(["cmnd", "tasmotas", "#"], "c")).toBeUndefined();
    expect(unboundTasmotaTopic(["cmnd", "c_fb", "#"], "c")).toBeUndefined();
  });

  it("browsers never subscribe to or receive tasmota/discovery/…; the hub's tasmota/tele/… pass-through they do", () => {
    expect(browserMaySubscribe("tasmota/discovery/#")).toBe(false);
    expect(browserMaySubscribe("tasmota/discovery/A4CF12B34C5D/config")).toBe(false);
    expect(browserMayReceive("tasmota/discovery/A4CF12B34C5D/config")).toBe(false);
    expect(browserMayReceive("tasmota/tele/balkon/SENSOR")).toBe(true);
    expect(deviceMaySubscribe(balkon, "tasmota/discovery/#", "balkon")).toBe(false);
  });
});
