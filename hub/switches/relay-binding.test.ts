import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SwitchSetAnswerSchema, switchSetPath } from "../../contract/switches";
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
} from "../testing/harness";
import { loadFixture } from "../testing/fixtures";

/**
 * A multi-relay Tasmota device (the real TuyaMCU GD-30W of the fixture: POWER1..POWER5 in one STATE)
 * with two household switches, each bound to one relay.
 */
const HOUSEHOLD = {
  switches: [
    { name: "lampka1", label: "Lampka 1", purpose: "light", device: "GD-30W", relay: 1 },
    { name: "lampka2", label: "Lampka 2", purpose: "light", device: "GD-30W", relay: 2 },
  ],
};

/** Resolves when `client` gets `payload` on `topic` (a retained earlier state does not count); rejects after 5 s. */
function messageWith(client: MqttClient, topic: string, payload: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${payload} on ${topic} within 5 s`)), 5000);
    const onMessage = (received: string, body: Buffer) => {
      if (received !== topic || body.toString("utf8") !== payload) return;
      clearTimeout(timer);
      client.off("message", onMessage);
      resolve();
    };
    client.on("message", onMessage);
    client.subscribe(topic);
  });
}

describe("one switch model: a relay-bound switch shows and commands its own relay", () => {
  let hub: TestHub;
  let cookie: string;
  let strip: MqttClient;
  let browser: MqttClient;
  const received: string[] = [];

  beforeAll(async () => {
    const dir = tempDir("relay-binding-");
    const file = join(dir, "household.json");
    writeFileSync(file, JSON.stringify(HOUSEHOLD));
    hub = await startTestHub({ householdConfigPath: file, mqttPort: await freePort() });
    cookie = await login(hub);
    strip = await connectDevice(hub, "GD-30W");
    // Answers a POWER<n> command as Tasmota does: stat/<t>/RESULT {"POWER<n>":"ON"} and stat/<t>/POWER<n> ON.
    strip.on("message", (topic, payload) => {
      received.push(`${topic} ${payload.toString("utf8")}`);
      const key = /^cmnd\/GD-30W\/(POWER\d)$/.exec(topic)?.[1];
      if (key === undefined) return;
      const state = payload.toString("utf8");
      void strip.publishAsync("stat/GD-30W/RESULT", JSON.stringify({ [key]: state }), { qos: 1 });
      void strip.publishAsync(`stat/GD-30W/${key}`, state, { qos: 1 });
    });
    await strip.subscribeAsync("cmnd/GD-30W/#", { qos: 1 });
    browser = await connectBrowser(hub, cookie);
  });
  afterAll(async () => {
    strip.end(true);
    browser.end(true);
    await hub.cleanup();
  });

  it("relay 1 on and relay 2 off (the device's real STATE): each switch shows its own relay; pressing the relay-2 switch sends POWER2 and its confirmation shows on it alone", async () => {
    const state = loadFixture("tasmota/state_multi_relay_power1_5.json");
    expect(state.json).toMatchObject({ POWER1: "ON", POWER2: "OFF" });
    const one = nextMessage(browser, "power/lampka1/POWER1");
    const two = nextMessage(browser, "power/lampka2/POWER2");
    await strip.publishAsync(state.topic, state.payload, { qos: 1 });
    expect(JSON.parse((await one).payload)).toEqual({ state: "ON" });
    expect(JSON.parse((await two).payload)).toEqual({ state: "OFF" });

    // What a dashboard opening now sees: every power topic of each switch, retained.
    const late = await connectBrowser(hub, cookie);
    const shown = new Map<string, string>();
    late.on("message", (topic, payload) => shown.set(topic, payload.toString("utf8")));
    await late.subscribeAsync("power/+/+", { qos: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    late.end(true);
    expect([...shown.keys()].filter((topic) => topic.startsWith("power/lampka")).sort()).toEqual([
      "power/lampka1/POWER1",
      "power/lampka2/POWER2",
    ]);

    const confirmed = messageWith(browser, "power/lampka2/POWER2", JSON.stringify({ state: "ON" }));
    const response = await call(hub, "POST", `/api/v2${switchSetPath("lampka2")}`, {
      cookie,
      body: { relay: 0, state: "ON" },
    });
    expect(response.status).toBe(200);
    expect((await jsonOf(response, SwitchSetAnswerSchema)).item).toEqual({
      name: "lampka2",
      relay: 0,
      command: "POWER2",
      state: "ON",
    });
    await confirmed;
    expect(received).toEqual(["cmnd/GD-30W/POWER2 ON"]);
    const check = await connectBrowser(hub, cookie);
    const after = new Map<string, string>();
    check.on("message", (topic, payload) => after.set(topic, payload.toString("utf8")));
    await check.subscribeAsync("power/+/+", { qos: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    check.end(true);
    expect(after.get("power/lampka1/POWER1")).toBe(JSON.stringify({ state: "ON" }));
    expect(after.get("power/lampka2/POWER2")).toBe(JSON.stringify({ state: "ON" }));
  });
});
