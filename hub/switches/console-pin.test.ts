import type { MqttClient } from "mqtt";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BadPinErrorSchema, RetryAfterErrorSchema } from "../../contract/auth";
import { ErrorBodySchema } from "../../contract/envelope";
import { PinRequiredErrorSchema, TasmotaConsoleAnswerSchema, tasmotaConsolePath } from "../../contract/tasmota-console";
import {
  call,
  connectDevice,
  freePort,
  jsonOf,
  login,
  sessionCookieOf,
  startTestHub,
  type TestHub,
} from "../testing/harness";

/** The demo user's PIN (hub/auth/demo-seed.ts). */
const PIN = 1357;

/**
 * The device on its own login, standing in for a real Tasmota: it only listens on `cmnd/<t>/#` and
 * records what arrives; it answers `Status [n]` on `stat/<t>/STATUS[n]` and every other command with
 * `stat/<t>/RESULT` `{"Command":"Unknown"}`, as the firmware's topics go, so the console never waits
 * out its timeout.
 */
async function device(hub: TestHub, name: string): Promise<{ client: MqttClient; received: string[] }> {
  const client = await connectDevice(hub, name);
  const received: string[] = [];
  client.on("message", (topic, payload) => {
    received.push(`${topic} ${payload.toString("utf8")}`);
    const status = /\/status$/i.test(topic);
    void client.publishAsync(
      `stat/${name}/${status ? `STATUS${payload.toString("utf8")}` : "RESULT"}`,
      JSON.stringify({ Command: "Unknown" }),
      { qos: 1 },
    );
  });
  await client.subscribeAsync(`cmnd/${name}/#`, { qos: 1 });
  return { client, received };
}

/** The commands of the takeover: each changes how the device connects, what it runs or what it reaches. */
const TAKEOVER = [
  "MqttHost 10.0.0.66",
  "MqttPort 1884",
  "MqttUser intruder",
  "MqttPassword hunter2",
  "MqttClient intruder",
  "Topic intruder",
  "FullTopic %prefix%/intruder/",
  "GroupTopic intruder",
  "SSId1 intruder",
  "Password1 hunter2",
  "Hostname intruder",
  "IPAddress1 10.0.0.66",
  "WifiConfig 2",
  "Wifi 0",
  "Reset 1",
  "Reset",
  "Restart 2",
  "Restart 99",
  "WebQuery http://10.0.0.1/admin GET",
  "WebSend [10.0.0.1] /cm?cmnd=Power",
  "Ping 10.0.0.1",
  "Publish cmnd/other/Power ON",
  "Template 18",
  "Module 0",
  "GPIO1 0",
  "Rule1 ON System/Boot DO Power1 ON ENDON",
  "Rule1 1",
  "SetOption19 1",
  "Timer1 0",
  "Timers 0",
  "TelePeriod 10",
  "WebPassword hunter2",
  "WebServer 2",
  "Frobnicate",
  "Backlog Power1 ON; MqttHost 10.0.0.66",
  "Backlog0 Dimmer 40;SSId1 intruder;Power1 OFF",
];

describe("the Tasmota console's allowlist: a command that would take the device over needs the session's PIN", () => {
  let hub: TestHub;
  let cookie: string;
  let plug: Awaited<ReturnType<typeof device>>;
  const lines: Record<string, unknown>[] = [];
  const run = (body: unknown, session = cookie) =>
    call(hub, "POST", `/api/v2${tasmotaConsolePath("listwa")}`, { cookie: session, body });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
  const audit = () => lines.filter((line) => line.audit === "tasmota-console");

  beforeAll(async () => {
    hub = await startTestHub({
      mqttPort: await freePort(),
      logLevel: "info",
      logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    cookie = await login(hub, "demo", "demo", "kuchnia");
    plug = await device(hub, "listwa");
  });
  afterAll(async () => {
    plug.client.end(true);
    await hub.cleanup();
  });
  afterEach(() => {
    plug.received.length = 0;
  });

  it("refuses every takeover command without the PIN: 403 PIN_REQUIRED naming the command, and nothing reaches cmnd/<t>/", async () => {
    for (const cmd of TAKEOVER) {
      const response = await run({ cmd });
      expect(response.status, cmd).toBe(403);
      const error = await jsonOf(response, ErrorBodySchema);
      expect(error.code, cmd).toBe("PIN_REQUIRED");
      const { commands } = await jsonOf(new Response(JSON.stringify(error)), PinRequiredErrorSchema);
      expect(commands.length, cmd).toBe(1);
      expect(cmd, cmd).toContain(commands[0]);
    }
    await settle();
    expect(plug.received).toEqual([]);
    expect(audit()).toEqual([]);
  });

  it("a Backlog hiding MqttHost names only MqttHost; the Power step before it does not go out either", async () => {
    const response = await run({ cmd: "Backlog Power1 ON; Delay 10; MqttHost 10.0.0.66; Power1 OFF" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "PIN_REQUIRED", commands: ["MqttHost"] });
    await settle();
    expect(plug.received).toEqual([]);
  });

  it("lets reads and the ordinary operating commands through without a PIN", async () => {
    const ordinary = [
      "Status",
      "Status 0",
      "Status 11",
      "State",
      "Power2 ON",
      "power0 off",
      "Dimmer 40",
      "Color 255,0,0",
      "CT 300",
      "HSBColor 120,100,50",
      "Fade 1",
      "Speed 4",
      "ShutterPosition1 30",
      "ShutterOpen",
      "ShutterStop1",
      "Restart 1",
      "MqttHost",
      "Topic",
      "Rule1",
      "SetOption19",
      "Backlog Power1 ON; Delay 10; Power1 OFF",
      "Backlog0 NoDelay;Fade 0;NoDelay;Power2 OFF",
    ];
    for (const cmd of ordinary) {
      const response = await run({ cmd });
      expect(response.status, cmd).toBe(200);
      await settle();
    }
    expect(plug.received).toHaveLength(ordinary.length);
    expect(plug.received).toContain("cmnd/listwa/MqttHost ");
    expect(plug.received).toContain("cmnd/listwa/Backlog0 NoDelay;Fade 0;NoDelay;Power2 OFF");
    expect(audit()).toEqual([]);
  });

  it("with the right PIN the command goes out and is logged with who, when and what, its password redacted", async () => {
    const before = Date.now();
    const sent = await run({ cmd: "MqttHost 10.0.0.66", pin: PIN });
    expect(sent.status).toBe(200);
    expect((await jsonOf(sent, TasmotaConsoleAnswerSchema)).item.command).toBe("MqttHost 10.0.0.66");
    const backlog = await run({ cmd: "Backlog MqttUser dom; MqttPassword hunter2; Power1 ON", pin: PIN });
    expect(backlog.status).toBe(200);
    await settle();
    expect(plug.received).toEqual([
      "cmnd/listwa/MqttHost 10.0.0.66",
      "cmnd/listwa/Backlog MqttUser dom;MqttPassword hunter2;Power1 ON",
    ]);

    const records = audit();
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      level: 30,
      login: "demo",
      sessionName: "kuchnia",
      switch: "listwa",
      device: "listwa",
      commands: ["MqttHost"],
      line: "MqttHost 10.0.0.66",
    });
    expect(records[0]?.session).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(records[0]?.time).toBeGreaterThanOrEqual(before);
    expect(records[0]?.time).toBeLessThanOrEqual(Date.now());
    expect(records[1]).toMatchObject({
      login: "demo",
      commands: ["MqttUser", "MqttPassword"],
      line: "Backlog MqttUser dom;MqttPassword ****;Power1 ON",
    });
    expect(JSON.stringify(lines)).not.toContain("hunter2");
  });

  it("a wrong PIN counts with the unlock attempts: 403 AUTH_BAD_PIN, then the back-off answers 429 even for the right PIN and holds the unlock too", async () => {
    const session = await login(hub, "demo", "demo", "tablet");
    const attempt = (pin: number) => run({ cmd: "MqttHost 10.0.0.66", pin }, session);
    for (const attemptsLeft of [9, 8, 7]) {
      const wrong = await attempt(1111);
      expect(wrong.status).toBe(403);
      const error = await jsonOf(wrong, ErrorBodySchema);
      expect(error.code).toBe("AUTH_BAD_PIN");
      expect((await jsonOf(new Response(JSON.stringify(error)), BadPinErrorSchema)).attemptsLeft).toBe(attemptsLeft);
    }
    const delayed = await attempt(PIN);
    expect(delayed.status).toBe(429);
    const wait = await jsonOf(delayed, RetryAfterErrorSchema);
    expect(wait.retryAfterMs).toBeGreaterThan(0);
    expect(wait.retryAfterMs).toBeLessThanOrEqual(1000);
    await settle();
    expect(plug.received).toEqual([]);
    expect(
      audit()
        .filter((record) => record.sessionName === "tablet")
        .map((record) => [record.level, record.error]),
    ).toEqual([
      [40, "AUTH_BAD_PIN"],
      [40, "AUTH_BAD_PIN"],
      [40, "AUTH_BAD_PIN"],
      [40, "AUTH_PIN_DELAY"],
    ]);

    // The same count: the session locked now waits out the same back-off before its unlock.
    expect((await call(hub, "POST", "/api/auth/v1/session/lock", { body: {}, cookie: session })).status).toBe(200);
    expect(
      (await call(hub, "POST", "/api/auth/v1/session/unlock", { body: { pin: PIN }, cookie: session })).status,
    ).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const unlocked = await call(hub, "POST", "/api/auth/v1/session/unlock", { body: { pin: PIN }, cookie: session });
    expect(unlocked.status).toBe(200);
    const fresh = sessionCookieOf(unlocked);
    expect(fresh).toBeDefined();
    expect((await run({ cmd: "MqttHost 10.0.0.66", pin: PIN }, fresh ?? "")).status).toBe(200);
  }, 15_000);

  it("a PIN sent with an ordinary command is not checked: a wrong one neither fails it nor counts", async () => {
    const session = await login(hub, "demo", "demo", "telefon");
    for (let i = 0; i < 4; i++) expect((await run({ cmd: "Power1 ON", pin: 1111 }, session)).status).toBe(200);
    expect((await run({ cmd: "MqttHost 10.0.0.66", pin: PIN }, session)).status).toBe(200);
  });
});
