import type { MqttClient } from "mqtt";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../contract/envelope";
import { TasmotaConsoleAnswerSchema, tasmotaConsolePath } from "../../contract/tasmota-console";
import { tasmotaSwitch } from "../simulator/devices";
import { call, connectDevice, freePort, jsonOf, login, startTestHub, type TestHub } from "../testing/harness";

/** Tasmota `listwa` on its own login, answering as the demo simulator's switch does while `answering`; records commands. */
async function tasmota(
  hub: TestHub,
  name: string,
): Promise<{ client: MqttClient; received: string[]; answering: boolean }> {
  const client = await connectDevice(hub, name);
  const model = tasmotaSwitch(name, 3, () => 0.9);
  const device = { client, received: [] as string[], answering: true };
  client.on("message", (topic, payload) => {
    device.received.push(`${topic} ${payload.toString("utf8")}`);
    if (!device.answering || !model.command) return;
    for (const m of model.command(topic, payload.toString("utf8"), new Date()))
      void client.publishAsync(m.topic, m.payload, { qos: 1 });
  });
  await client.subscribeAsync(`cmnd/${name}/#`, { qos: 1 });
  return device;
}

describe("POST /config/switches/{id}/tasmota/cmd: the per-switch Tasmota console", () => {
  let hub: TestHub;
  let cookie: string;
  let listwa: Awaited<ReturnType<typeof tasmota>>;
  const run = (name: string, body: unknown) =>
    call(hub, "POST", `/api/v2${tasmotaConsolePath(name)}`, { cookie, body });

  beforeAll(async () => {
    hub = await startTestHub({ mqttPort: await freePort() });
    cookie = await login(hub);
    listwa = await tasmota(hub, "listwa");
  });
  afterAll(async () => {
    listwa.client.end(true);
    await hub.cleanup();
  });
  afterEach(() => {
    listwa.received.length = 0;
    listwa.answering = true;
  });

  it("sends cmnd/<t>/Status with payload 0 and answers the device's stat/<t>/STATUS0 as item.response", async () => {
    const response = await run("listwa", { cmd: "Status 0" });
    expect(response.status).toBe(200);
    const answer = await jsonOf(response, TasmotaConsoleAnswerSchema);
    expect(answer.item.command).toBe("Status 0");
    expect(answer.item.topic).toBe("stat/listwa/STATUS0");
    expect(answer.item.response).toMatchObject({ Status: { Topic: "listwa" }, StatusSTS: { POWER1: "OFF" } });
    expect(listwa.received).toEqual(["cmnd/listwa/Status 0"]);
  });

  it("Power2 ON answers the RESULT the device publishes; an unknown command (with the PIN) answers Tasmota's {Command: Unknown}", async () => {
    expect((await jsonOf(await run("listwa", { cmd: "Power2 ON" }), TasmotaConsoleAnswerSchema)).item).toMatchObject({
      topic: "stat/listwa/RESULT",
      response: { POWER2: "ON" },
    });
    expect(
      (await jsonOf(await run("listwa", { cmd: "Frobnicate", pin: 1357 }), TasmotaConsoleAnswerSchema)).item.response,
    ).toEqual({ Command: "Unknown" });
  });

  it("a Backlog of ordinary commands goes out as one cmnd/<t>/Backlog with its steps rebuilt, joined by ;", async () => {
    const answer = await jsonOf(
      await run("listwa", { cmd: "Backlog  Power1 ON ;; Power3 OFF; " }),
      TasmotaConsoleAnswerSchema,
    );
    expect(answer.item.command).toBe("Backlog Power1 ON;Power3 OFF");
    expect(listwa.received).toEqual(["cmnd/listwa/Backlog Power1 ON;Power3 OFF"]);
  });

  it("refuses chains, nested Backlogs, wildcards, control characters, over-long lines and bad bodies with 400 naming cmd; nothing reaches the device", async () => {
    const bodies: unknown[] = [
      { cmd: "Power1 ON;Power2 ON" },
      { cmd: "Backlog Power1 ON; Backlog MqttHost 10.0.0.66" },
      { cmd: "Backlog Power1 ON; BacklogMqttHost 10.0.0.66" },
      { cmd: "Backlog ;;" },
      { cmd: "Backlog Power1 ON; Upgrade 1" },
      { cmd: "Backlog Power1 ON; MqttHost=10.0.0.66" },
      { cmd: "MqttHost=10.0.0.66" },
      { cmd: "+ ON" },
      { cmd: "Power/2 ON" },
      { cmd: "Power\nON" },
      { cmd: "x".repeat(500) },
      { cmd: "" },
      { cmd: 1 },
      {},
    ];
    for (const body of bodies) {
      const response = await run("listwa", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = await jsonOf(response, ErrorBodySchema);
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toMatch(/^cmd: /);
    }
    expect((await run("listwa", { cmd: "Status", extra: 1 })).status).toBe(400);
    const textPin = await run("listwa", { cmd: "Status", pin: "1357" });
    expect(textPin.status).toBe(400);
    expect((await jsonOf(textPin, ErrorBodySchema)).message).toMatch(/^pin: /);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listwa.received).toEqual([]);
  });

  it("unknown switch 404; a device that does not answer: 409 DEVICE_NO_ANSWER (not a gateway status); LWT Offline: 409 DEVICE_UNREACHABLE, nothing sent", async () => {
    expect((await run("nieznany", { cmd: "Status" })).status).toBe(404);
    listwa.answering = false;
    const silent = await run("listwa", { cmd: "Status" });
    expect(silent.status).toBe(409);
    expect((await jsonOf(silent, ErrorBodySchema)).code).toBe("DEVICE_NO_ANSWER");
    listwa.received.length = 0;
    await listwa.client.publishAsync("tele/listwa/LWT", "Offline", { qos: 1, retain: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const offline = await run("listwa", { cmd: "Status" });
    expect(offline.status).toBe(409);
    expect((await jsonOf(offline, ErrorBodySchema)).code).toBe("DEVICE_UNREACHABLE");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listwa.received).toEqual([]);
    await listwa.client.publishAsync("tele/listwa/LWT", "Online", { qos: 1, retain: true });
  }, 15_000);
});
