import type { MqttClient } from "mqtt";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AUTOMATION_NOTIFY_TOPIC,
  AUTOMATION_RUN_TOPIC,
  AUTOMATIONS_PATH,
  AutomationAnswerSchema,
  AutomationRunPayloadSchema,
  AutomationsAnswerSchema,
  MAX_AUTOMATION_ACTIONS,
  MAX_AUTOMATIONS,
  automationPath,
  type AutomationRun,
} from "../../contract/automations";
import { ErrorBodySchema } from "../../contract/envelope";
import {
  call,
  connectBrowser,
  connectDevice,
  freePort,
  jsonOf,
  login,
  startTestHub,
  until,
  type TestHub,
} from "../testing/harness";
import { MAX_NOTIFICATIONS_PER_WINDOW, MAX_RUNS_PER_TRIGGER } from "./bounds";

const BASE = "/api/v2";

/** A doorbell automation of `actions` notify actions: the largest fan-out one automation may have. */
const doorbell = (name: string, actions = MAX_AUTOMATION_ACTIONS) => ({
  name,
  trigger: { type: "doorbell" },
  actions: Array.from({ length: actions }, (_, index) => ({ kind: "notify", message: `${name}: ${index + 1}` })),
});

describe("automations are bounded: per household, per automation, per ring (docs/contract.md 'Automations')", () => {
  let hub: TestHub;
  let cookie: string;
  const list = async () =>
    (await jsonOf(await call(hub, "GET", `${BASE}${AUTOMATIONS_PATH}`, { cookie }), AutomationsAnswerSchema)).items;

  beforeAll(async () => {
    hub = await startTestHub({ mqttPort: await freePort() });
    cookie = await login(hub);
  });
  afterAll(async () => {
    await hub.cleanup();
  });

  it("an automation of 21 actions is refused with 400 naming the field and the rule, created or patched; nothing stored", async () => {
    const before = await list();
    const created = await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, {
      cookie,
      body: doorbell("Za dużo", MAX_AUTOMATION_ACTIONS + 1),
    });
    expect([created.status, await jsonOf(created, ErrorBodySchema)]).toEqual([
      400,
      { code: "BAD_REQUEST", message: "actions: max_length <=20" },
    ]);
    const target = before[0];
    if (!target) throw new Error("the demo household has automations");
    const patched = await call(hub, "PATCH", `${BASE}${automationPath(target.id)}`, {
      cookie,
      body: { actions: doorbell("x", MAX_AUTOMATION_ACTIONS + 1).actions },
    });
    expect([patched.status, (await jsonOf(patched, ErrorBodySchema)).message]).toEqual([
      400,
      "actions: max_length <=20",
    ]);
    expect(await list()).toEqual(before);
  });

  it("the household's 201st automation is refused with 409 LIMIT_REACHED {limit: 200}; after a delete one fits again", async () => {
    const existing = (await list()).length;
    for (let index = existing; index < MAX_AUTOMATIONS; index++) {
      const response = await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, {
        cookie,
        body: doorbell(`Dzwonek ${index + 1}`),
      });
      expect(response.status, `automation ${index + 1}`).toBe(200);
    }
    const refused = await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, { cookie, body: doorbell("Dzwonek 201") });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      code: "LIMIT_REACHED",
      message: "at most 200 automations per household: delete one first",
      limit: 200,
    });
    const items = await list();
    expect(items).toHaveLength(MAX_AUTOMATIONS);
    expect(items.some((item) => item.name === "Dzwonek 201")).toBe(false);

    const last = items.at(-1);
    expect((await call(hub, "DELETE", `${BASE}${automationPath(last?.id ?? "")}`, { cookie })).status).toBe(200);
    const again = await jsonOf(
      await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, { cookie, body: doorbell(last?.name ?? "") }),
      AutomationAnswerSchema,
    );
    expect(again.item.actions).toHaveLength(MAX_AUTOMATION_ACTIONS);
    expect(
      (await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, { cookie, body: doorbell("Dzwonek 201") })).status,
    ).toBe(409);
  });

  it("one press of the real doorbell button with 200 automations of 20 notify actions: 20 runs and 10 toasts reach a dashboard, not 200 and 4,000", async () => {
    const browser: MqttClient = await connectBrowser(hub, cookie);
    const button = await connectDevice(hub, "zigbee2mqtt");
    try {
      const runs: { id: string; run: AutomationRun }[] = [];
      let toasts = 0;
      browser.on("message", (topic, payload) => {
        if (topic === AUTOMATION_RUN_TOPIC)
          runs.push(v.parse(AutomationRunPayloadSchema, JSON.parse(payload.toString("utf8"))));
        if (topic === AUTOMATION_NOTIFY_TOPIC) toasts += 1;
      });
      await browser.subscribeAsync([AUTOMATION_RUN_TOPIC, AUTOMATION_NOTIFY_TOPIC], { qos: 1 });
      button.publish("zigbee2mqtt/dzwonek_brama", JSON.stringify({ action: "single", battery: 90, linkquality: 110 }));
      await until(() => runs.length >= MAX_RUNS_PER_TRIGGER, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // anything beyond the bound would arrive now
      expect(runs).toHaveLength(MAX_RUNS_PER_TRIGGER);
      expect(toasts).toBe(MAX_NOTIFICATIONS_PER_WINDOW);
      expect(runs.every(({ run }) => run.cause === "doorbell")).toBe(true);
      // The ones created first ran; a notification past the bound is recorded as not sent.
      const doorbells = (await list()).filter((item) => item.trigger.type === "doorbell");
      expect(new Set(runs.map(({ id }) => id))).toEqual(
        new Set(doorbells.slice(0, MAX_RUNS_PER_TRIGGER).map((item) => item.id)),
      );
      const outcomes = runs.flatMap(({ run }) => run.outcomes);
      expect(outcomes.filter((outcome) => outcome.status === "done")).toHaveLength(MAX_NOTIFICATIONS_PER_WINDOW);
      expect(outcomes.filter((outcome) => outcome.status === "failed")[0]).toEqual({
        kind: "notify",
        status: "failed",
        error: "not sent: more than 10 notifications in 10 s",
      });
    } finally {
      browser.end(true);
      button.end(true);
    }
  });
});
