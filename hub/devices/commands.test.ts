import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadFixture } from "../testing/fixtures";
import { connectDevice, freePort, startTestHub, tempDir, until, type TestHub } from "../testing/harness";

/** The multi-relay Tasmota strip is a household switch device, so the availability guard follows it too. */
const HOUSEHOLD = {
  switches: [{ name: "lampka2", label: "Lampka 2", purpose: "light", device: "GD-30W", relay: 2 }],
  garage: [{ door: "garage", label: "Garaż", room: "Garaż", device: "garaz", shutter: 1 }],
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("commands through the capability reach the device as its source's own command", () => {
  let hub: TestHub;
  let strip: MqttClient;
  let shutter: MqttClient;
  let gateway: MqttClient;
  const received: string[] = [];
  const record = (client: MqttClient) =>
    client.on("message", (topic, payload) => received.push(`${topic} ${payload.toString("utf8")}`));

  beforeAll(async () => {
    const dir = tempDir("devices-commands-");
    const file = join(dir, "household.json");
    writeFileSync(file, JSON.stringify(HOUSEHOLD));
    hub = await startTestHub({ householdConfigPath: file, mqttPort: await freePort() });
    strip = record(await connectDevice(hub, "GD-30W"));
    await strip.subscribeAsync("cmnd/GD-30W/#", { qos: 1 });
    shutter = record(await connectDevice(hub, "garaz"));
    await shutter.subscribeAsync("cmnd/garaz/#", { qos: 1 });
    gateway = record(await connectDevice(hub, "zigbee2mqtt"));
    await gateway.subscribeAsync("zigbee2mqtt/+/set", { qos: 1 });

    const state = loadFixture("tasmota/state_multi_relay_power1_5.json");
    await strip.publishAsync(state.topic, state.payload, { qos: 1 });
    const rest = loadFixture("tasmota/result_shutter_at_rest.json", "garaz");
    await shutter.publishAsync(rest.topic, rest.payload, { qos: 1 });
    const devices = loadFixture("zigbee2mqtt/bridge_devices.json");
    await gateway.publishAsync(devices.topic, devices.payload, { qos: 1, retain: true });
    await until(() =>
      ["tasmota:GD-30W", "tasmota:garaz", "zigbee2mqtt:zigfred_plus", "zigbee2mqtt:bulb"].every(
        (id) => (hub.devices.registry.get(id)?.capabilities.length ?? 0) > 0,
      ),
    );
  });
  afterAll(async () => {
    for (const client of [strip, shutter, gateway]) client.end(true);
    await hub.cleanup();
  });

  it("'set state of relay 2' of the Tasmota strip is exactly cmnd/GD-30W/POWER2 ON", async () => {
    received.length = 0;
    const sent = await hub.devices.commands.set("tasmota:GD-30W", { property: "state", endpoint: "l2" }, "ON");
    expect(sent).toEqual({ topic: "cmnd/GD-30W/POWER2", payload: "ON" });
    await until(() => received.length > 0);
    await settle();
    expect(received).toEqual(["cmnd/GD-30W/POWER2 ON"]);
  });

  it('\'set state of endpoint l2\' of the zigfred is exactly zigbee2mqtt/zigfred_plus/set {"state_l2":"ON"}', async () => {
    received.length = 0;
    await hub.devices.commands.set("zigbee2mqtt:zigfred_plus", { property: "state", endpoint: "l2" }, "ON");
    await until(() => received.length > 0);
    await settle();
    expect(received).toEqual(['zigbee2mqtt/zigfred_plus/set {"state_l2":"ON"}']);
  });

  it("'set position of the cover' of a Tasmota shutter is ShutterPosition1 40; its state OPEN is ShutterOpen1", async () => {
    received.length = 0;
    await hub.devices.commands.set("tasmota:garaz", { property: "position" }, 40);
    await hub.devices.commands.set("tasmota:garaz", { property: "state" }, "OPEN");
    await until(() => received.length > 1);
    await settle();
    expect(received).toEqual(["cmnd/garaz/ShutterPosition1 40", "cmnd/garaz/ShutterOpen1 "]);
  });

  it("several values at once: on Tasmota one command each in order, the shutter lock among them; on Zigbee2MQTT one /set", async () => {
    received.length = 0;
    const { commands } = hub.devices;
    await commands.setMany("tasmota:garaz", [
      { property: "state", endpoint: "s1", value: "STOP" },
      { source: "tasmota", command: "ShutterLock", endpoint: "s1", value: true },
      { source: "tasmota", command: "ShutterToggle", endpoint: "s1" },
    ]);
    await commands.setMany("zigbee2mqtt:zigfred_plus", [
      { property: "state", endpoint: "l1", value: "ON" },
      { property: "state", endpoint: "l2", value: "OFF" },
    ]);
    await until(() => received.length > 3);
    await settle();
    expect(received).toEqual([
      "cmnd/garaz/ShutterStop1 ",
      "cmnd/garaz/ShutterLock1 1",
      "cmnd/garaz/ShutterToggle1 ",
      'zigbee2mqtt/zigfred_plus/set {"state_l1":"ON","state_l2":"OFF"}',
    ]);
  });

  it("a source command refuses, sending nothing even of the steps before it: another source, not a shutter, no such shutter, no light", async () => {
    received.length = 0;
    const { commands } = hub.devices;
    const lock = { source: "tasmota", command: "ShutterLock", value: true } as const;
    await expect(
      commands.setMany("tasmota:GD-30W", [
        { property: "state", endpoint: "l1", value: "ON" },
        { ...lock, endpoint: "l2" },
      ]),
    ).rejects.toMatchObject({ code: "NOT_SUPPORTED", message: "l2 of tasmota:GD-30W is not a shutter" });
    await expect(commands.setMany("tasmota:garaz", [{ ...lock, endpoint: "s2" }])).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "endpoint: state of tasmota:garaz is on s1",
    });
    await expect(commands.setMany("zigbee2mqtt:zigfred_plus", [{ ...lock, endpoint: "l1" }])).rejects.toMatchObject({
      code: "NOT_SUPPORTED",
    });
    await expect(commands.setMany("tasmota:garaz", [])).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      commands.setMany("tasmota:garaz", [{ source: "tasmota", command: "Power", value: "ON" }]),
    ).rejects.toMatchObject({ code: "NOT_SUPPORTED", message: "tasmota:garaz has no light" });
    await settle();
    expect(received).toEqual([]);
  });

  it("IRSend, IRHVAC and a console command: refused by a device without an IR transmitter or for a line the console would refuse; a console command is one message", async () => {
    received.length = 0;
    const { commands } = hub.devices;
    const irSend = {
      source: "tasmota",
      command: "IRSend",
      value: '{"protocol": "NEC","bits": 32, "data": 0x20DF10EF}',
    } as const;
    await expect(commands.setMany("tasmota:GD-30W", [irSend])).rejects.toMatchObject({
      code: "NOT_SUPPORTED",
      message: "tasmota:GD-30W has no IR transmitter",
    });
    await expect(
      commands.setMany("zigbee2mqtt:zigfred_plus", [
        { source: "tasmota", command: "IRHVAC", value: { Vendor: "COOLIX" } },
      ]),
    ).rejects.toMatchObject({ code: "NOT_SUPPORTED" });
    await expect(
      commands.setMany("tasmota:GD-30W", [
        { source: "tasmota", command: "Console", name: "Power1", arg: "ON;MqttHost x" },
      ]),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await settle();
    expect(received).toEqual([]);

    const line = { source: "tasmota", command: "Console", name: "Backlog", arg: "Power1 ON;Power2 OFF" } as const;
    expect(await commands.setMany("tasmota:GD-30W", [line])).toEqual([
      { topic: "cmnd/GD-30W/Backlog", payload: "Power1 ON;Power2 OFF" },
    ]);
    await until(() => received.length > 0);
    expect(received).toEqual(["cmnd/GD-30W/Backlog Power1 ON;Power2 OFF"]);
  });

  it("one exchange per device: a second one while the first waits is DEVICE_BUSY with nothing sent; plain commands still go", async () => {
    received.length = 0;
    const { commands } = hub.devices;
    const status = { source: "tasmota", command: "Console", name: "Status", arg: "" } as const;
    let answer: (text: string) => void = () => undefined;
    const first = commands.exchange("tasmota:GD-30W", [status], () => new Promise<string>((done) => (answer = done)));
    await until(() => received.length === 1);
    await expect(commands.exchange("tasmota:GD-30W", [status], async () => "no")).rejects.toMatchObject({
      code: "DEVICE_BUSY",
    });
    await commands.set("tasmota:GD-30W", { property: "state", endpoint: "l1" }, "OFF");
    answer("answered");
    expect(await first).toBe("answered");
    expect(await commands.exchange("tasmota:GD-30W", [status], async () => "again")).toBe("again");
    await until(() => received.length === 3);
    await settle();
    expect(received).toEqual(["cmnd/GD-30W/Status ", "cmnd/GD-30W/POWER1 OFF", "cmnd/GD-30W/Status "]);
  });

  it("refuses, sending nothing: a value outside min/max, a read-only reading, an unknown property, an endpoint left open", async () => {
    received.length = 0;
    const { commands } = hub.devices;
    await expect(commands.set("zigbee2mqtt:bulb", { property: "brightness" }, 300)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "value: brightness must be within 0..254",
    });
    await expect(commands.set("zigbee2mqtt:bulb", { property: "state" }, "DIM")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: 'value: state is one of "ON", "OFF", "TOGGLE"',
    });
    await expect(commands.set("zigbee2mqtt:weather_sensor", { property: "temperature" }, 20)).rejects.toMatchObject({
      code: "NOT_SUPPORTED",
    });
    await expect(commands.set("tasmota:GD-30W", { property: "volume" }, 1)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "property: tasmota:GD-30W has no volume",
    });
    await expect(commands.set("zigbee2mqtt:zigfred_plus", { property: "state" }, "ON")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/^endpoint: state of zigbee2mqtt:zigfred_plus is on l1, l2, l3, l4, l5, l6, l7$/),
    });
    await expect(commands.set("tasmota:nowhere", { property: "state" }, "ON")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await settle();
    expect(received).toEqual([]);
  });

  it("an offline device refuses with DEVICE_UNREACHABLE and nothing reaches it (Tasmota LWT, Zigbee2MQTT availability)", async () => {
    const offline = loadFixture("tasmota/lwt_offline.json");
    await strip.publishAsync("tele/GD-30W/LWT", offline.payload, { qos: 1 });
    const away = loadFixture("zigbee2mqtt/availability_json_offline.json");
    await gateway.publishAsync("zigbee2mqtt/zigfred_plus/availability", away.payload, { qos: 1 });
    await until(() => hub.devices.registry.get("tasmota:GD-30W")?.availability === "offline");
    await until(() => hub.devices.registry.get("zigbee2mqtt:zigfred_plus")?.availability === "offline");
    received.length = 0;
    await expect(
      hub.devices.commands.set("tasmota:GD-30W", { property: "state", endpoint: "l2" }, "ON"),
    ).rejects.toMatchObject({ code: "DEVICE_UNREACHABLE", message: "the device GD-30W is offline: nothing was sent" });
    await expect(
      hub.devices.commands.set("zigbee2mqtt:zigfred_plus", { property: "state", endpoint: "l2" }, "ON"),
    ).rejects.toMatchObject({ code: "DEVICE_UNREACHABLE" });
    await settle();
    expect(received).toEqual([]);

    const online = loadFixture("tasmota/lwt_online.json");
    await strip.publishAsync("tele/GD-30W/LWT", online.payload, { qos: 1 });
    await until(() => hub.devices.registry.get("tasmota:GD-30W")?.availability === "online");
    await hub.devices.commands.set("tasmota:GD-30W", { property: "state", endpoint: "l2" }, "OFF");
    await until(() => received.length > 0);
    expect(received).toEqual(["cmnd/GD-30W/POWER2 OFF"]);
  });
});
