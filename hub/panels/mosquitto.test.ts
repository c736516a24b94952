import type { MqttClient } from "mqtt";
import * as v from "valibot";
import { afterEach, describe, expect, it } from "vitest";
import {
  PanelCommandSchema,
  PanelCommandsAnswerSchema,
  PanelRegisterAnswerSchema,
  PanelStateSchema,
} from "../../contract/panels";
import { startMosquitto, type TestMosquitto } from "../../tests/e2e/support/mosquitto";
import { call, connectMqtt, jsonOf, login, nextJson, startTestHub, type TestHub } from "../testing/harness";

// Panels on a household Mosquitto configured as hub/examples/mosquitto: every browser logs in as the one
// user `dashboard`, and a panel's commands reach only the browser whose MQTT client id is the panel's
// command channel (`pattern read panel/%c/command`), checked here on Mosquitto itself with mqtt.js clients
// as the browsers connect (the same library, over the WebSocket listener).

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(): Promise<{ mosquitto: TestMosquitto; hub: TestHub }> {
  const mosquitto = await startMosquitto();
  cleanups.push(() => mosquitto.close());
  const hub = await startTestHub({ mqttUrl: mosquitto.hubUrl, mqttWsUrl: mosquitto.wsUrl });
  cleanups.push(() => hub.cleanup());
  return { mosquitto, hub };
}

/** Registers panel `id` from session `cookie`; answers its command channel (the register answer's mqttClientId). */
async function register(hub: TestHub, cookie: string, id: string): Promise<string> {
  const response = await call(hub, "POST", "/api/v2/panels/register", { cookie, body: { id } });
  expect(response.status).toBe(200);
  const { item } = await jsonOf(response, PanelRegisterAnswerSchema);
  expect(item.id).toBe(id);
  if (item.mqttClientId === undefined) throw new Error("a panel on Mosquitto gets a command channel");
  return item.mqttClientId;
}

/** A browser's live connection: the dashboard's user, client id `clientId` (random when absent), subscribed to `filters`. */
async function browser(mosquitto: TestMosquitto, clientId?: string, filters: string[] = ["#"]) {
  const client: MqttClient = await connectMqtt(mosquitto.wsUrl, clientId === undefined ? {} : { clientId });
  cleanups.push(() => void client.end(true));
  const commands: { topic: string; type: string }[] = [];
  client.on("message", (topic, payload) => {
    if (!topic.endsWith("/command")) return;
    const parsed = v.safeParse(PanelCommandSchema, JSON.parse(payload.toString()));
    commands.push({ topic, type: parsed.success ? parsed.output.command.type : "unparsable" });
  });
  await client.subscribeAsync(filters);
  return { client, commands };
}

/** POST /panels/commands from `cookie`'s session; answers how many panels it went to. */
async function send(hub: TestHub, cookie: string, target: object, command: object): Promise<number> {
  const response = await call(hub, "POST", "/api/v2/panels/commands", { cookie, body: { target, command } });
  expect(response.status).toBe(202);
  return (await jsonOf(response, PanelCommandsAnswerSchema)).item.sent;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe("panels on a household Mosquitto (hub/examples/mosquitto)", () => {
  it("the dashboard's user reads panels' states and the revision", async () => {
    const { mosquitto, hub } = await setUp();
    const cookie = await login(hub);
    const dashboard = await browser(mosquitto);
    const seen: string[] = [];
    dashboard.client.on("message", (topic) => seen.push(topic));
    await register(hub, cookie, "panel-mosq-1");
    const state = nextJson(dashboard.client, "panel/panel-mosq-1/state", PanelStateSchema);
    const reported = await call(hub, "POST", "/api/v2/panels/panel-mosq-1/report", {
      cookie,
      body: { visible: true, screen: "/", screenState: "awake" },
    });
    expect(reported.status).toBe(204);
    expect(await state).toMatchObject({ online: true, screen: "/" });
    await settle();
    expect(seen).toContain("panels/revision");
  });

  it("a command reaches only the client whose id is its panel's channel; no other browser reads it, whatever it subscribes to", async () => {
    const { mosquitto, hub } = await setUp();
    const kitchen = await login(hub, "demo", "demo", "Tablet w kuchni");
    const phone = await login(hub, "demo", "demo", "Telefon Ani");
    const kitchenChannel = await register(hub, kitchen, "panel-kitchen");
    const phoneChannel = await register(hub, phone, "panel-phone");
    expect(kitchenChannel).not.toBe(phoneChannel);
    // Registering again from the same session keeps the channel (a reload does not reconnect).
    expect(await register(hub, kitchen, "panel-kitchen")).toBe(kitchenChannel);

    const a = await browser(mosquitto, kitchenChannel);
    const b = await browser(mosquitto, phoneChannel);
    // Another browser of the household: a random client id, then one named after the panel's public id,
    // each asking for every command topic by wildcard and by the kitchen's exact topic.
    const greedy = ["#", "panel/+/command", `panel/${kitchenChannel}/command`, "panel/panel-kitchen/command"];
    const eve = await browser(mosquitto, undefined, greedy);
    const impostor = await browser(mosquitto, "panel-kitchen", greedy);

    expect(
      await send(hub, phone, { to: "panel", panelId: "panel-kitchen" }, { type: "navigate", to: "/weather" }),
    ).toBe(1);
    await expect.poll(() => a.commands).toEqual([{ topic: `panel/${kitchenChannel}/command`, type: "navigate" }]);
    expect(await send(hub, kitchen, { to: "all" }, { type: "reload" })).toBe(2);
    await expect.poll(() => b.commands).toEqual([{ topic: `panel/${phoneChannel}/command`, type: "reload" }]);
    await expect.poll(() => a.commands.map((command) => command.type)).toEqual(["navigate", "reload"]);
    await settle();
    expect(eve.commands).toEqual([]);
    expect(impostor.commands).toEqual([]);
  });

  it("a panel registered by another session gets a new channel, and a revoked session's channel reads nothing more", async () => {
    const { mosquitto, hub } = await setUp();
    const first = await login(hub, "demo", "demo", "Tablet");
    const oldChannel = await register(hub, first, "panel-wall");
    const old = await browser(mosquitto, oldChannel);

    // The same browser logs in again (a new session): the panel's channel changes with it.
    const second = await login(hub, "demo", "demo", "Tablet");
    const newChannel = await register(hub, second, "panel-wall");
    expect(newChannel).not.toBe(oldChannel);
    const current = await browser(mosquitto, newChannel);
    expect(await send(hub, second, { to: "panel", panelId: "panel-wall" }, { type: "screen", mode: "wake" })).toBe(1);
    await expect.poll(() => current.commands.map((command) => command.type)).toEqual(["screen"]);

    // The session is revoked (logout): its panel has no channel until a session registers it again.
    const loggedOut = await call(hub, "DELETE", "/api/auth/v1/session", { cookie: second, body: {} });
    expect(loggedOut.status).toBeLessThan(300);
    const other = await login(hub, "demo", "demo", "Telefon");
    expect(await send(hub, other, { to: "panel", panelId: "panel-wall" }, { type: "lock" })).toBe(0);
    await settle();
    expect(current.commands.map((command) => command.type)).toEqual(["screen"]);
    expect(old.commands).toEqual([]);
  });
});
