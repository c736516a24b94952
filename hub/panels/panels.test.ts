import type { MqttClient } from "mqtt";
import * as v from "valibot";
import { afterEach, describe, expect, it } from "vitest";
import { AutomationAnswerSchema, AutomationsAnswerSchema } from "../../contract/automations";
import { ErrorBodySchema } from "../../contract/envelope";
import {
  MAX_PANELS,
  PanelAnswerSchema,
  PanelCommandSchema,
  PanelCommandsAnswerSchema,
  PanelsAnswerSchema,
  PanelStateSchema,
  type PanelReport,
} from "../../contract/panels";
import {
  call,
  connectBrowser,
  connectDevice,
  freePort,
  jsonOf,
  login,
  nextJson,
  nextMessage,
  startTestHub,
  until,
  type TestHub,
} from "../testing/harness";

const BASE = "/api/v2";
let hub: TestHub | undefined;
const clients: MqttClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.end(true);
  await hub?.cleanup();
  hub = undefined;
});

/** A fresh hub (overrides as startTestHub's). */
async function started(overrides: Parameters<typeof startTestHub>[0] = {}): Promise<TestHub> {
  hub = await startTestHub(overrides);
  return hub;
}

/** A logged-in browser session registered as panel `id`: its cookie and its panel as answered. */
async function panel(h: TestHub, id: string, name?: string) {
  const cookie = await login(h, "demo", "demo", `Przeglądarka ${id}`);
  const response = await call(h, "POST", `${BASE}/panels/register`, {
    cookie,
    body: { id, ...(name ? { name } : {}) },
  });
  expect(response.status).toBe(200);
  return { cookie, item: (await jsonOf(response, PanelAnswerSchema)).item };
}

const report = (over: Partial<PanelReport> = {}): PanelReport => ({
  visible: true,
  screen: "/",
  screenState: "awake",
  battery: { level: 50, charging: false },
  ...over,
});

/** The error code of a refused answer. */
async function codeOf(response: Response): Promise<string> {
  return (await jsonOf(response, ErrorBodySchema)).code;
}

describe("panels on the general base", () => {
  it("registers, lists, renames from another session, keeps one panel per id and deletes", async () => {
    const h = await started();
    const kitchen = await panel(h, "panel-kitchen-1");
    expect(kitchen.item).toMatchObject({ id: "panel-kitchen-1", name: "Przeglądarka panel-kitchen-1", online: true });
    expect(kitchen.item.profile.screensaver.enabled).toBe(false);
    const phone = await panel(h, "panel-phone-ania", "Telefon Ani");
    expect(phone.item.name).toBe("Telefon Ani");

    const patched = await call(h, "PATCH", `${BASE}/panels/panel-kitchen-1`, {
      cookie: phone.cookie,
      body: { name: "Tablet w kuchni", room: "Kuchnia", profile: { layout: "car", home: ["switches", "sensors"] } },
    });
    expect(patched.status).toBe(200);
    expect((await jsonOf(patched, PanelAnswerSchema)).item).toMatchObject({
      name: "Tablet w kuchni",
      room: "Kuchnia",
      profile: { layout: "car", home: ["switches", "sensors"], lockedDown: false },
    });
    // The same browser logging in again keeps its panel (name and room), now bound to the new session.
    await panel(h, "panel-kitchen-1");
    const list = await jsonOf(await call(h, "GET", `${BASE}/panels`, { cookie: phone.cookie }), PanelsAnswerSchema);
    expect(list.items.map((item) => [item.id, item.name, item.room])).toEqual([
      ["panel-kitchen-1", "Tablet w kuchni", "Kuchnia"],
      ["panel-phone-ania", "Telefon Ani", undefined],
    ]);
    const cleared = await call(h, "PATCH", `${BASE}/panels/panel-kitchen-1`, {
      cookie: phone.cookie,
      body: { room: null },
    });
    expect((await jsonOf(cleared, PanelAnswerSchema)).item.room).toBeUndefined();

    expect((await call(h, "DELETE", `${BASE}/panels/panel-phone-ania`, { cookie: kitchen.cookie })).status).toBe(204);
    const after = await jsonOf(await call(h, "GET", `${BASE}/panels`, { cookie: phone.cookie }), PanelsAnswerSchema);
    expect(after.items.map((item) => item.id)).toEqual(["panel-kitchen-1"]);
  });

  it("takes a report only from the panel's own session; publishes it retained with online", async () => {
    const h = await started();
    const a = await panel(h, "panel-aaaa-1");
    const b = await panel(h, "panel-bbbb-1");
    const browser = await connectBrowser(h, a.cookie);
    clients.push(browser);
    const ok = await call(h, "POST", `${BASE}/panels/panel-aaaa-1/report`, { cookie: a.cookie, body: report() });
    expect(ok.status).toBe(204);
    const state = await nextJson(browser, "panel/panel-aaaa-1/state", PanelStateSchema);
    expect(state).toMatchObject({ visible: true, screen: "/", battery: { level: 50, charging: false }, online: true });

    const foreign = await call(h, "POST", `${BASE}/panels/panel-aaaa-1/report`, { cookie: b.cookie, body: report() });
    expect([foreign.status, await codeOf(foreign)]).toEqual([403, "PANEL_NOT_YOURS"]);
    const unknown = await call(h, "POST", `${BASE}/panels/panel-nobody-1/report`, { cookie: a.cookie, body: report() });
    expect(unknown.status).toBe(404);
    const hostileId = await call(h, "POST", `${BASE}/panels/__proto__/report`, { cookie: a.cookie, body: report() });
    expect(hostileId.status).toBe(404);
    const bad = await call(h, "POST", `${BASE}/panels/panel-aaaa-1/report`, {
      cookie: a.cookie,
      body: { ...report(), battery: { level: 900, charging: false } },
    });
    expect([bad.status, (await jsonOf(bad, ErrorBodySchema)).message]).toEqual([400, expect.stringMatching(/battery/)]);
    const proto = await call(h, "POST", `${BASE}/panels/panel-aaaa-1/report`, {
      cookie: a.cookie,
      body: JSON.parse('{"__proto__": {"polluted": 1}, "visible": true, "screen": "/", "screenState": "awake"}'),
    });
    expect(proto.status).toBe(400);
    const badRegister = await call(h, "POST", `${BASE}/panels/register`, { cookie: a.cookie, body: { id: "A/../b" } });
    expect(badRegister.status).toBe(400);
    // The list shows the one accepted report.
    const list = await jsonOf(await call(h, "GET", `${BASE}/panels`, { cookie: b.cookie }), PanelsAnswerSchema);
    expect(list.items.find((item) => item.id === "panel-aaaa-1")?.report).toMatchObject({ battery: { level: 50 } });
    expect(list.items.find((item) => item.id === "panel-bbbb-1")?.report).toBeNull();
  });

  it("at MAX_PANELS a new panel takes the place of the one seen longest ago", async () => {
    const h = await started();
    const cookie = await login(h);
    for (let i = 0; i < MAX_PANELS; i++) {
      const response = await call(h, "POST", `${BASE}/panels/register`, { cookie, body: { id: `panel-many-${i}` } });
      expect(response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2)); // distinct last-seen times
    }
    const over = await call(h, "POST", `${BASE}/panels/register`, { cookie, body: { id: "panel-one-more" } });
    expect(over.status).toBe(200);
    const ids = (await jsonOf(await call(h, "GET", `${BASE}/panels`, { cookie }), PanelsAnswerSchema)).items.map(
      (item) => item.id,
    );
    expect(ids).toHaveLength(MAX_PANELS);
    expect(ids).toContain("panel-one-more");
    expect(ids).not.toContain("panel-many-0");
    expect(ids).toContain("panel-many-1");
  });

  it("a panel quiet for the offline time is republished offline (short timing)", async () => {
    const h = await started({ panels: { offlineAfterMs: 400 } });
    const a = await panel(h, "panel-quiet-1");
    const browser = await connectBrowser(h, a.cookie);
    clients.push(browser);
    const offline = nextJson(browser, "panel/panel-quiet-1/state", PanelStateSchema, (state) => !state.online);
    await call(h, "POST", `${BASE}/panels/panel-quiet-1/report`, { cookie: a.cookie, body: report() });
    const reportedAt = Date.now();
    expect(await offline).toMatchObject({ online: false, screen: "/" });
    expect(Date.now() - reportedAt).toBeGreaterThanOrEqual(300);
    const list = await jsonOf(await call(h, "GET", `${BASE}/panels`, { cookie: a.cookie }), PanelsAnswerSchema);
    expect(list.items[0]?.online).toBe(false);
  });
});

describe("panel commands", () => {
  it("a browser connection receives only its own panel's commands (two panels subscribed to #)", async () => {
    const h = await started();
    const a = await panel(h, "panel-one-aaaa");
    const b = await panel(h, "panel-two-bbbb");
    const loose = await login(h); // a session that is no panel
    const got: Record<string, string[]> = { a: [], b: [], loose: [] };
    for (const [who, cookie] of [
      ["a", a.cookie],
      ["b", b.cookie],
      ["loose", loose],
    ] as const) {
      const client = await connectBrowser(h, cookie);
      clients.push(client);
      client.on("message", (topic) => {
        if (topic.endsWith("/command")) got[who]?.push(topic);
      });
      await client.subscribeAsync("#");
      await client.subscribeAsync("panel/+/command");
    }
    const sent = await call(h, "POST", `${BASE}/panels/commands`, {
      cookie: loose,
      body: { target: { to: "panel", panelId: "panel-one-aaaa" }, command: { type: "navigate", to: "/cameras" } },
    });
    expect(sent.status).toBe(202);
    expect((await jsonOf(sent, PanelCommandsAnswerSchema)).item.sent).toBe(1);
    const all = await call(h, "POST", `${BASE}/panels/commands`, {
      cookie: loose,
      body: { target: { to: "all" }, command: { type: "reload" } },
    });
    expect((await jsonOf(all, PanelCommandsAnswerSchema)).item.sent).toBe(2);
    // Two subscriptions match (`#` and `panel/+/command`): Mosquitto's one copy per subscription.
    await until(() => got.a!.length === 4 && got.b!.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(got.a!.every((topic) => topic === "panel/panel-one-aaaa/command")).toBe(true);
    expect(got.b).toEqual(["panel/panel-two-bbbb/command", "panel/panel-two-bbbb/command"]);
    expect(got.loose).toEqual([]);
  });

  it("delivers {id, at, command} QoS 1, not retained; a room addresses its panels; bad commands 400, unknown panel 404", async () => {
    const h = await started({ panels: { commandClockSkewMs: -60_000 } });
    const a = await panel(h, "panel-room-aaaa");
    await panel(h, "panel-room-bbbb");
    await call(h, "PATCH", `${BASE}/panels/panel-room-aaaa`, { cookie: a.cookie, body: { room: "Kuchnia" } });
    const browser = await connectBrowser(h, a.cookie);
    clients.push(browser);
    const packets: { retain: boolean; qos: number; payload: string }[] = [];
    browser.on("message", (topic, payload, packet) => {
      if (topic === "panel/panel-room-aaaa/command")
        packets.push({ retain: packet.retain, qos: packet.qos, payload: payload.toString() });
    });
    await browser.subscribeAsync("panel/panel-room-aaaa/command", { qos: 1 });
    const before = Date.now();
    const sent = await call(h, "POST", `${BASE}/panels/commands`, {
      cookie: a.cookie,
      body: { target: { to: "room", room: "kuchnia" }, command: { type: "camera", cameraId: "front", seconds: 20 } },
    });
    expect((await jsonOf(sent, PanelCommandsAnswerSchema)).item.sent).toBe(1);
    await until(() => packets.length === 1);
    const command = v.parse(PanelCommandSchema, JSON.parse(packets[0]!.payload));
    expect(packets[0]).toMatchObject({ retain: false, qos: 1 });
    expect(command.command).toEqual({ type: "camera", cameraId: "front", seconds: 20 });
    // The test clock option: commands stamped a minute old (what a panel must refuse as stale).
    expect(before - command.at).toBeGreaterThanOrEqual(59_000);

    for (const body of [
      { target: { to: "all" }, command: { type: "navigate", to: "no-slash" } },
      { target: { to: "all" }, command: { type: "camera", cameraId: "front", seconds: 1 } },
      { target: { to: "all" }, command: { type: "explode" } },
      { target: { to: "all" }, command: { type: "notify", text: "a\u0007b" } },
      { target: { to: "panel", panelId: "__proto__" }, command: { type: "reload" } },
      { target: { to: "all" }, command: { type: "reload", extra: 1 } },
    ]) {
      const response = await call(h, "POST", `${BASE}/panels/commands`, { cookie: a.cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await call(h, "POST", `${BASE}/panels/commands`, {
      cookie: a.cookie,
      body: { target: { to: "panel", panelId: "panel-nobody-1" }, command: { type: "reload" } },
    });
    expect(unknown.status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(packets).toHaveLength(1);
  });
});

describe("panels in automations", () => {
  it("battery below 20 % switches the charger plug on, above 80 % off (Tasmota plug through the broker)", async () => {
    const h = await started({ mqttPort: await freePort() });
    const tablet = await panel(h, "panel-tablet-1", "Tablet w kuchni");
    const plug = await connectDevice(h, "pompa");
    clients.push(plug);
    const commands: string[] = [];
    plug.on("message", (topic, payload) => commands.push(`${topic} ${payload.toString()}`));
    await plug.subscribeAsync("cmnd/pompa/#", { qos: 1 });
    for (const [name, below, state] of [
      ["Ładuj tablet", { below: 20 }, "ON"],
      ["Nie przeładowuj tabletu", { above: 80 }, "OFF"],
    ] as const) {
      const created = await call(h, "POST", `${BASE}/automation`, {
        cookie: tablet.cookie,
        body: {
          name,
          trigger: { type: "panel", panelId: "panel-tablet-1", field: "battery", ...below },
          actions: [{ kind: "switch", switch: "pompa", state }],
        },
      });
      expect(created.status, await created.clone().text()).toBe(200);
      await jsonOf(created, AutomationAnswerSchema);
    }
    const send = (level: number, charging: boolean) =>
      call(h, "POST", `${BASE}/panels/panel-tablet-1/report`, {
        cookie: tablet.cookie,
        body: report({ battery: { level, charging } }),
      });
    expect((await send(50, false)).status).toBe(204);
    await send(30, false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(commands).toEqual([]);
    await send(19, false);
    await until(() => commands.length === 1);
    expect(commands).toEqual(["cmnd/pompa/POWER ON"]);
    await send(18, true);
    await send(81, true);
    await until(() => commands.length === 2);
    expect(commands).toEqual(["cmnd/pompa/POWER ON", "cmnd/pompa/POWER OFF"]);
    const list = await jsonOf(
      await call(h, "GET", `${BASE}/automation`, { cookie: tablet.cookie }),
      AutomationsAnswerSchema,
    );
    const ours = list.items.filter((item) => item.trigger.type === "panel");
    expect(ours.map((item) => [item.name, item.lastRun?.cause, item.lastRun?.ok])).toEqual([
      ["Ładuj tablet", "panel", true],
      ["Nie przeładowuj tabletu", "panel", true],
    ]);
  });

  it("the panel.command action reaches the panel's browser; a page report fires a screen trigger", async () => {
    const h = await started();
    const a = await panel(h, "panel-kiosk-aaaa");
    const browser = await connectBrowser(h, a.cookie);
    clients.push(browser);
    const created = await call(h, "POST", `${BASE}/automation`, {
      cookie: a.cookie,
      body: {
        name: "Kamera na tablet",
        trigger: { type: "panel", field: "screen", equals: "/cameras" },
        actions: [
          {
            kind: "panel.command",
            target: { to: "panel", panelId: "panel-kiosk-aaaa" },
            command: { type: "notify", text: "Ktoś ogląda kamery", speak: true },
          },
        ],
      },
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const unknownTarget = await call(h, "POST", `${BASE}/automation`, {
      cookie: a.cookie,
      body: {
        name: "Do nikogo",
        trigger: { type: "doorbell" },
        actions: [
          { kind: "panel.command", target: { to: "panel", panelId: "panel-nobody-1" }, command: { type: "reload" } },
        ],
      },
    });
    expect([unknownTarget.status, (await jsonOf(unknownTarget, ErrorBodySchema)).message]).toEqual([
      400,
      expect.stringMatching(/^actions\.0\.target: no such panel/),
    ]);
    const badTrigger = await call(h, "POST", `${BASE}/automation`, {
      cookie: a.cookie,
      body: {
        name: "Zły",
        trigger: { type: "panel", field: "battery", equals: true },
        actions: [{ kind: "notify", message: "x" }],
      },
    });
    expect(badTrigger.status).toBe(400);

    const command = nextMessage(browser, "panel/panel-kiosk-aaaa/command");
    await call(h, "POST", `${BASE}/panels/panel-kiosk-aaaa/report`, { cookie: a.cookie, body: report() });
    await call(h, "POST", `${BASE}/panels/panel-kiosk-aaaa/report`, {
      cookie: a.cookie,
      body: report({ screen: "/cameras" }),
    });
    const message = v.parse(PanelCommandSchema, JSON.parse((await command).payload));
    expect(message.command).toEqual({ type: "notify", text: "Ktoś ogląda kamery", sound: true, speak: true });
    expect(Math.abs(Date.now() - message.at)).toBeLessThan(5_000);
  });
});
