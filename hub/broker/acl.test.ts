import { describe, expect, it } from "vitest";
import {
  browserMayReceive,
  browserMaySubscribe,
  devicePublishProblem,
  deviceMaySubscribe,
  deviceTopicProblem,
  type DeviceAccess,
} from "./acl";

const balkon: DeviceAccess = { kind: "tasmota", topic: "balkon" };
const gateway: DeviceAccess = { kind: "zigbee2mqtt", topic: "zigbee2mqtt" };
const anonymous: DeviceAccess = { kind: "anonymous" };
const empty = Buffer.alloc(0);
const json = Buffer.from('{"POWER":"ON"}');
const mayPublish = (access: DeviceAccess, topic: string, payload = json) =>
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
