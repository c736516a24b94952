import type { MqttClient } from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { PanelStateSchema } from "../../contract/panels";
import { startMosquitto } from "../../tests/e2e/support/mosquitto";
import { call, connectMqtt, login, nextJson, startTestHub } from "../testing/harness";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("panels on a household Mosquitto (hub/examples/mosquitto)", () => {
  it("the dashboard's user reads panels' states but no panel's commands (Mosquitto cannot tell panels apart)", async () => {
    const mosquitto = await startMosquitto();
    cleanups.push(() => mosquitto.close());
    const hub = await startTestHub({ mqttUrl: mosquitto.hubUrl, mqttWsUrl: mosquitto.wsUrl });
    cleanups.push(() => hub.cleanup());
    const cookie = await login(hub);
    expect((await call(hub, "POST", "/api/v2/panels/register", { cookie, body: { id: "panel-mosq-1" } })).status).toBe(
      200,
    );
    const dashboard: MqttClient = await connectMqtt(mosquitto.wsUrl);
    cleanups.push(() => void dashboard.end(true));
    const seen: string[] = [];
    dashboard.on("message", (topic) => seen.push(topic));
    await dashboard.subscribeAsync("#");
    const state = nextJson(dashboard, "panel/panel-mosq-1/state", PanelStateSchema);
    const reported = await call(hub, "POST", "/api/v2/panels/panel-mosq-1/report", {
      cookie,
      body: { visible: true, screen: "/", screenState: "awake" },
    });
    expect(reported.status).toBe(204);
    expect(await state).toMatchObject({ online: true, screen: "/" });
    const sent = await call(hub, "POST", "/api/v2/panels/commands", {
      cookie,
      body: { target: { to: "all" }, command: { type: "reload" } },
    });
    // Refused with the reason, nothing published: Mosquitto could not keep it to one panel's browser.
    expect(sent.status).toBe(409);
    expect(await sent.text()).toMatch(/NOT_SUPPORTED.*embedded broker/);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(seen).toContain("panels/revision");
    expect(seen.filter((topic) => topic.endsWith("/command"))).toEqual([]);
  });
});
