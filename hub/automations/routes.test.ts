import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AUTOMATIONS_PATH,
  AutomationAnswerSchema,
  AutomationDeletedAnswerSchema,
  AutomationNotifyPayloadSchema,
  AutomationRunAnswerSchema,
  AutomationRunsAnswerSchema,
  AutomationsAnswerSchema,
  automationPath,
  automationRunPath,
  type AutomationBodyInput,
} from "../../contract/automations";
import { ErrorBodySchema } from "../../contract/envelope";
import * as v from "valibot";
import { loadFixture } from "../testing/fixtures";
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

const BASE = "/api/v2";

/** Turns relay 2 of the demo's power strip on and tells everyone. */
const stripOn: AutomationBodyInput = {
  name: "Listwa rano",
  trigger: { type: "time", time: "07:30", days: [1, 2, 3, 4, 5] },
  actions: [
    { kind: "switch", switch: "listwa", relay: 2, state: "ON" },
    { kind: "notify", message: "Listwa włączona" },
  ],
};

/** Collects what a Tasmota device `name` receives on `cmnd/<name>/#`. */
async function tasmota(
  hub: TestHub,
  name: string,
): Promise<{ client: MqttClient; received: { topic: string; payload: string }[] }> {
  const client = await connectDevice(hub, name);
  const received: { topic: string; payload: string }[] = [];
  client.on("message", (topic, payload) => received.push({ topic, payload: payload.toString("utf8") }));
  await client.subscribeAsync(`cmnd/${name}/#`, { qos: 1 });
  return { client, received };
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("automations (spec §7 /automation): CRUD, run, triggers through the bridge", () => {
  let hub: TestHub;
  let cookie: string;
  let listwa: Awaited<ReturnType<typeof tasmota>>;

  beforeAll(async () => {
    hub = await startTestHub({ mqttPort: await freePort() });
    cookie = await login(hub);
    listwa = await tasmota(hub, "listwa");
  });
  afterAll(async () => {
    listwa.client.end(true);
    await hub.cleanup();
  });

  it("creates, lists, edits and deletes; an unknown id is 404 for every call", async () => {
    const created = await jsonOf(
      await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, { cookie, body: stripOn }),
      AutomationAnswerSchema,
    );
    expect(created.item).toMatchObject({
      name: "Listwa rano",
      enabled: true,
      lastRun: null,
      actions: [{ kind: "switch", relay: 2 }, { kind: "notify" }],
    });
    const list = await jsonOf(
      await call(hub, "GET", `/api/v1${AUTOMATIONS_PATH}`, { cookie }),
      AutomationsAnswerSchema,
    );
    expect(list.items.map((item) => item.id)).toContain(created.item.id);

    const patched = await jsonOf(
      await call(hub, "PATCH", `${BASE}${automationPath(created.item.id)}`, {
        cookie,
        body: { enabled: false, name: " Listwa " },
      }),
      AutomationAnswerSchema,
    );
    expect(patched.item).toMatchObject({
      id: created.item.id,
      name: "Listwa",
      enabled: false,
      trigger: stripOn.trigger,
    });

    const deleted = await call(hub, "DELETE", `${BASE}${automationPath(created.item.id)}`, { cookie });
    expect(await jsonOf(deleted, AutomationDeletedAnswerSchema)).toEqual({ item: { id: created.item.id } });
    for (const [method, path, body] of [
      ["PATCH", automationPath(created.item.id), { enabled: true }],
      ["DELETE", automationPath(created.item.id), undefined],
      ["POST", automationRunPath(created.item.id), {}],
      ["GET", `${automationPath(created.item.id)}/runs`, undefined],
      ["POST", automationRunPath("no such id!"), {}],
    ] as const) {
      const response = await call(hub, method, `${BASE}${path}`, { cookie, ...(body ? { body } : {}) });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await jsonOf(response, ErrorBodySchema)).code).toBe("NOT_FOUND");
    }
    expect((await call(hub, "GET", `${BASE}${AUTOMATIONS_PATH}`)).status).toBe(401);
  });

  it("refuses a bad automation with 400 naming the field, and stores nothing", async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...stripOn, name: "" }, /^name: /],
      [{ ...stripOn, actions: [] }, /^actions: /],
      [{ ...stripOn, trigger: { type: "time", time: "25:00", days: [1] } }, /^trigger\.time: /],
      [{ ...stripOn, trigger: { type: "time", time: "07:00", days: [] } }, /^trigger\.days: /],
      [{ ...stripOn, trigger: { type: "time", time: "07:00", days: [8] } }, /^trigger\.days\.0: /],
      [{ ...stripOn, trigger: { type: "sunset" } }, /^trigger\.type: /],
      [
        { ...stripOn, trigger: { type: "threshold", sensor: "nie-ma", direction: "above", value: 25 } },
        /^trigger\.sensor: no such sensor/,
      ],
      [
        { ...stripOn, trigger: { type: "door", sensor: "balkon-temp", to: "open" } },
        /^trigger\.sensor: no such door sensor/,
      ],
      [{ ...stripOn, trigger: { type: "switch", switch: "pompa", relay: 3, to: "ON" } }, /^trigger\.relay: /],
      [
        { ...stripOn, actions: [{ kind: "switch", switch: "nie_ma", state: "ON" }] },
        /^actions\.0\.switch: no such switch/,
      ],
      [
        { ...stripOn, actions: [stripOn.actions[1], { kind: "switch", switch: "listwa", relay: 4, state: "ON" }] },
        /^actions\.1\.relay: /,
      ],
      [{ ...stripOn, actions: [{ kind: "switch", switch: "listwa", state: "on" }] }, /^actions\.0\.state: /],
      [{ ...stripOn, actions: [{ kind: "light", light: "nie_ma", state: "ON" }] }, /^actions\.0\.light: no such light/],
      [{ ...stripOn, actions: [{ kind: "garage", door: "garage", command: "fly" }] }, /^actions\.0\.command: /],
      [{ ...stripOn, actions: [{ kind: "notify", message: "   " }] }, /^actions\.0\.message: /],
      [{ ...stripOn, actions: [{ kind: "teleport" }] }, /^actions\.0\.kind: /],
      [{ ...stripOn, extra: 1 }, /^body: unknown field/],
    ];
    for (const [body, message] of cases) {
      const response = await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, { cookie, body });
      const error = await jsonOf(response, ErrorBodySchema);
      expect([response.status, error.code], JSON.stringify(body)).toEqual([400, "BAD_REQUEST"]);
      expect(error.message, JSON.stringify(body)).toMatch(message);
    }
    const created = await jsonOf(
      await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, { cookie, body: stripOn }),
      AutomationAnswerSchema,
    );
    const patch = await call(hub, "PATCH", `${BASE}${automationPath(created.item.id)}`, {
      cookie,
      body: { actions: [{ kind: "switch", switch: "nie_ma", state: "ON" }] },
    });
    expect([patch.status, (await jsonOf(patch, ErrorBodySchema)).message]).toEqual([
      400,
      "actions.0.switch: no such switch",
    ]);
    const empty = await call(hub, "PATCH", `${BASE}${automationPath(created.item.id)}`, { cookie, body: {} });
    expect(empty.status).toBe(400);
    const list = await jsonOf(
      await call(hub, "GET", `${BASE}${AUTOMATIONS_PATH}`, { cookie }),
      AutomationsAnswerSchema,
    );
    expect(list.items.find((item) => item.id === created.item.id)?.actions).toEqual([
      { kind: "switch", switch: "listwa", relay: 2, state: "ON" },
      { kind: "notify", message: "Listwa włączona" },
    ]);
    expect(list.items.every((item) => item.name !== "")).toBe(true);
  });

  it("POST /automation/{id}/run sends cmnd/listwa/POWER2 ON, notifies on automation/notify, records the run", async () => {
    const browser = await connectBrowser(hub, cookie);
    const notices: unknown[] = [];
    browser.on("message", (topic, payload) => {
      if (topic === "automation/notify") notices.push(JSON.parse(payload.toString("utf8")));
    });
    await browser.subscribeAsync("automation/#");
    const created = await jsonOf(
      await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, { cookie, body: { ...stripOn, enabled: false } }),
      AutomationAnswerSchema,
    );
    const response = await call(hub, "POST", `${BASE}${automationRunPath(created.item.id)}`, { cookie, body: {} });
    const run = await jsonOf(response, AutomationRunAnswerSchema);
    expect(run.item).toMatchObject({
      cause: "manual",
      ok: true,
      outcomes: [
        { kind: "switch", status: "done" },
        { kind: "notify", status: "done" },
      ],
    });
    await until(() => listwa.received.length > 0 && notices.length > 0);
    expect(listwa.received).toEqual([{ topic: "cmnd/listwa/POWER2", payload: "ON" }]);
    expect(v.parse(AutomationNotifyPayloadSchema, notices[0])).toMatchObject({
      automation: "Listwa rano",
      message: "Listwa włączona",
    });
    const list = await jsonOf(
      await call(hub, "GET", `${BASE}${AUTOMATIONS_PATH}`, { cookie }),
      AutomationsAnswerSchema,
    );
    expect(list.items.find((item) => item.id === created.item.id)?.lastRun).toEqual(run.item);
    const runs = await jsonOf(
      await call(hub, "GET", `${BASE}${automationPath(created.item.id)}/runs`, { cookie }),
      AutomationRunsAnswerSchema,
    );
    expect(runs.items).toEqual([run.item]);
    browser.end(true);
    listwa.received.length = 0;
  });

  it("heater and AC actions run through their domains (HeaterService, Tasmota IRHVAC); a mode the device lacks is refused naming the field", async () => {
    const klima = await tasmota(hub, "klima_salon");
    const body = {
      name: "Ciepło",
      trigger: { type: "doorbell" },
      actions: [
        { kind: "heater", mode: "auto", temperature: 22.5 },
        { kind: "ac", mode: "Heat", targetTemperature: 23 },
      ],
    };
    const created = await jsonOf(
      await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, { cookie, body }),
      AutomationAnswerSchema,
    );
    const run = await jsonOf(
      await call(hub, "POST", `${BASE}${automationRunPath(created.item.id)}`, { cookie, body: {} }),
      AutomationRunAnswerSchema,
    );
    expect(run.item.outcomes).toEqual([
      { kind: "heater", status: "done" },
      { kind: "ac", status: "done" },
    ]);
    expect(run.item.ok).toBe(true);
    const heater = (await (await call(hub, "GET", `${BASE}/heater/config`, { cookie })).json()) as {
      item: { mode: string; temperature: number };
    };
    expect(heater.item).toMatchObject({ mode: "auto", temperature: 22.5 });
    await until(() => klima.received.length > 0);
    expect(klima.received[0]?.topic).toBe("cmnd/klima_salon/IRHVAC");
    expect(JSON.parse(klima.received[0]?.payload ?? "{}")).toMatchObject({ Vendor: "COOLIX", Mode: "Heat", Temp: 23 });
    klima.client.end(true);

    for (const [action, field] of [
      [{ kind: "heater", mode: "comfort" }, "actions.0.mode"],
      [{ kind: "ac", mode: "Turbo" }, "actions.0.mode"],
      [{ kind: "ac", unit: "sypialnia", mode: "Cool" }, "actions.0.unit"],
      [{ kind: "ir", device: "pilot_salon", code: "Nieznany" }, "actions.0.code"],
    ] as const) {
      const refused = await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, {
        cookie,
        body: { name: "Zła", trigger: { type: "doorbell" }, actions: [action] },
      });
      expect(refused.status, JSON.stringify(action)).toBe(400);
      expect(
        v.parse(ErrorBodySchema, await refused.json()).message?.startsWith(`${field}:`),
        JSON.stringify(action),
      ).toBe(true);
    }
  });

  it("a temperature crossing 25 °C in a real Tasmota BME280 SENSOR payload runs the automation once, at the edge", async () => {
    const balkon = await connectDevice(hub, "balkon");
    const body = {
      name: "Gorąco",
      trigger: { type: "threshold", sensor: "balkon-temp", direction: "above", value: 25 },
      actions: [{ kind: "switch", switch: "listwa", relay: 3, state: "ON" }],
    };
    const created = await jsonOf(
      await call(hub, "POST", `${BASE}${AUTOMATIONS_PATH}`, { cookie, body }),
      AutomationAnswerSchema,
    );
    const fixture = loadFixture("tasmota/sensor_bme280.json", "balkon");
    const reading = (temperature: number) => {
      const payload = structuredClone(fixture.json) as { BME280: { Temperature: number } };
      payload.BME280.Temperature = temperature;
      return balkon.publishAsync(fixture.topic, JSON.stringify(payload), { qos: 1 });
    };
    await balkon.publishAsync(fixture.topic, fixture.payload, { qos: 1 }); // 21.7: below
    await reading(24.9);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listwa.received).toEqual([]);
    await reading(26.5); // crosses
    await until(() => listwa.received.length > 0);
    await reading(27.5); // still above: no second run
    await reading(28);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listwa.received).toEqual([{ topic: "cmnd/listwa/POWER3", payload: "ON" }]);
    const runs = await jsonOf(
      await call(hub, "GET", `${BASE}${automationPath(created.item.id)}/runs`, { cookie }),
      AutomationRunsAnswerSchema,
    );
    expect(runs.items).toMatchObject([{ cause: "threshold", ok: true }]);
    balkon.end(true);
  });
});
