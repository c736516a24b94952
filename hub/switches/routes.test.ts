import type { MqttClient } from "mqtt";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../contract/envelope";
import { SwitchSetAnswerSchema, switchSetPath } from "../../contract/switches";
import {
  call,
  connectBrowser,
  connectDevice,
  freePort,
  jsonOf,
  login,
  startTestHub,
  type TestHub,
} from "../testing/harness";

/** A command as the device received it. */
type Received = { topic: string; payload: string; retain: boolean; qos: number };

/** Connects as Tasmota device `name` (its own MQTT user) subscribed to `cmnd/<name>/#` at QoS 1, as Tasmota does; collects what arrives. */
async function tasmotaDevice(hub: TestHub, name: string): Promise<{ client: MqttClient; received: Received[] }> {
  const client = await connectDevice(hub, name);
  const received: Received[] = [];
  client.on("message", (topic, payload, packet) =>
    received.push({ topic, payload: payload.toString("utf8"), retain: packet.retain, qos: packet.qos }),
  );
  await client.subscribeAsync(`cmnd/${name}/#`, { qos: 1 });
  return { client, received };
}

/** Waits until `received` holds `count` messages (or 3 s). */
async function until(received: Received[], count: number): Promise<void> {
  const end = Date.now() + 3000;
  while (received.length < count && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("POST /switch/{id}/set (spec §7; docs/contract.md): the hub speaks Tasmota to the device", () => {
  let hub: TestHub;
  let cookie: string;
  let listwa: { client: MqttClient; received: Received[] };
  let lampa: { client: MqttClient; received: Received[] };

  beforeAll(async () => {
    hub = await startTestHub({ mqttPort: await freePort() });
    cookie = await login(hub);
    listwa = await tasmotaDevice(hub, "listwa");
    lampa = await tasmotaDevice(hub, "lampa_salon");
  });
  afterAll(async () => {
    listwa.client.end(true);
    lampa.client.end(true);
    await hub.cleanup();
  });
  afterEach(() => {
    listwa.received.length = 0;
    lampa.received.length = 0;
  });

  it("relay 2 ON reaches the device logged in as listwa: cmnd/listwa/POWER2 'ON', not retained, QoS 1", async () => {
    const response = await call(hub, "POST", `/api/v2${switchSetPath("listwa")}`, {
      cookie,
      body: { relay: 2, state: "ON" },
    });
    expect(response.status).toBe(200);
    expect(await jsonOf(response, SwitchSetAnswerSchema)).toEqual({
      item: { name: "listwa", relay: 2, command: "POWER2", state: "ON" },
    });
    await until(listwa.received, 1);
    expect(listwa.received).toEqual([{ topic: "cmnd/listwa/POWER2", payload: "ON", retain: false, qos: 1 }]);
    expect(lampa.received).toEqual([]);
  });

  it("is served under /api/v1 too; relay 0 (the default) is Tasmota's plain POWER, OFF and TOGGLE pass as such", async () => {
    expect(
      (await call(hub, "POST", `/api/v1${switchSetPath("lampa_salon")}`, { cookie, body: { state: "OFF" } })).status,
    ).toBe(200);
    expect(
      (
        await call(hub, "POST", `/api/v2${switchSetPath("lampa_salon")}`, {
          cookie,
          body: { relay: 1, state: "TOGGLE" },
        })
      ).status,
    ).toBe(200);
    await until(lampa.received, 2);
    expect(lampa.received.map((m) => [m.topic, m.payload])).toEqual([
      ["cmnd/lampa_salon/POWER", "OFF"],
      ["cmnd/lampa_salon/POWER1", "TOGGLE"],
    ]);
  });

  it("refuses bad bodies with 400 naming the field, and nothing reaches a device topic", async () => {
    const cases: [string, unknown, RegExp][] = [
      ["listwa", { relay: 4, state: "ON" }, /^relay: /], // listwa has 3 relays
      ["lampa_salon", { relay: 2, state: "ON" }, /^relay: /], // one relay
      ["listwa", { relay: -1, state: "ON" }, /^relay: /],
      ["listwa", { relay: 1.5, state: "ON" }, /^relay: /],
      ["listwa", { relay: "1", state: "ON" }, /^relay: /],
      ["listwa", { relay: 1, state: "on" }, /^state: /],
      ["listwa", { relay: 1, state: "BLINK" }, /^state: /],
      ["listwa", { relay: 1 }, /^state: /],
      ["listwa", { relay: 1, state: "ON", extra: 1 }, /^body: unknown field/],
      ["listwa", [], /^(body|state): /],
    ];
    for (const [name, body, message] of cases) {
      const response = await call(hub, "POST", `/api/v2${switchSetPath(name)}`, { cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = await jsonOf(response, ErrorBodySchema);
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message, JSON.stringify(body)).toMatch(message);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listwa.received).toEqual([]);
    expect(lampa.received).toEqual([]);
  });

  it("answers 404 NOT_FOUND for an unknown switch (also one that is not a device name), 401 without a session", async () => {
    for (const name of ["nieznany", "__proto__", "a/b", "+", "#"]) {
      const response = await call(hub, "POST", `/api/v2${switchSetPath(name)}`, { cookie, body: { state: "ON" } });
      expect(response.status, name).toBe(404);
      expect((await jsonOf(response, ErrorBodySchema)).code).toBe("NOT_FOUND");
    }
    expect(
      (await call(hub, "POST", `/api/v2${switchSetPath("listwa")}`, { body: { relay: 1, state: "ON" } })).status,
    ).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listwa.received).toEqual([]);
  });
});

describe("the whole loop with the demo's simulated Tasmota switch", () => {
  let hub: TestHub | undefined;
  afterEach(async () => {
    await hub?.cleanup();
    hub = undefined;
  });

  it("POST -> cmnd/listwa/POWER3 -> the simulated device answers stat/ -> the bridge publishes power/listwa/POWER3 for the dashboard", async () => {
    hub = await startTestHub({ simulator: true, simulatorIntervalMs: 600_000 });
    const cookie = await login(hub);
    const browser = await connectBrowser(hub, cookie);
    try {
      for (const state of ["ON", "OFF", "ON"] as const) {
        const confirmed = waitForPower(browser, "power/listwa/POWER3", state);
        expect(
          (await call(hub, "POST", `/api/v2${switchSetPath("listwa")}`, { cookie, body: { relay: 3, state } })).status,
        ).toBe(200);
        await confirmed;
      }
    } finally {
      browser.end(true);
    }
  });

  it("with the external broker unreachable a command answers DEVICE_UNREACHABLE and is never sent later", async () => {
    const port = await freePort();
    hub = await startTestHub({ mqttUrl: `mqtt://127.0.0.1:${port}`, mqttWsUrl: `ws://127.0.0.1:${port}` });
    const cookie = await login(hub);
    const response = await call(hub, "POST", `/api/v2${switchSetPath("listwa")}`, {
      cookie,
      body: { relay: 1, state: "ON" },
    });
    expect(response.status).toBe(409);
    expect(await jsonOf(response, ErrorBodySchema)).toMatchObject({ code: "DEVICE_UNREACHABLE" });
  }, 20_000);
});

/** Resolves when `topic` carries `{"state": state}` (the retained copy counts only if it already says so). */
function waitForPower(client: MqttClient, topic: string, state: "ON" | "OFF"): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${state} on ${topic}`)), 5000);
    const onMessage = (received: string, payload: Buffer) => {
      if (received !== topic || payload.toString("utf8") !== JSON.stringify({ state })) return;
      clearTimeout(timer);
      client.off("message", onMessage);
      resolve();
    };
    client.on("message", onMessage);
    client.subscribe(topic);
  });
}
