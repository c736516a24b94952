import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../contract/envelope";
import {
  IR_CODE_PATH,
  IR_LEARN_PATH,
  IR_SEND_PATH,
  IrCodeAnswerSchema,
  IrFeaturesSchema,
  IrLearnAnswerSchema,
  IrSendAnswerSchema,
  irStateTopic,
  IrStateSchema,
  type IrState,
} from "../../contract/ir";
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
import * as v from "valibot";

/** Resolves with the next `ir/<device>` state that passes `test`. */
function nextState(browser: MqttClient, device: string, test: (state: IrState) => boolean): Promise<IrState> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${irStateTopic(device)}`)), 5000);
    const onMessage = (topic: string, payload: Buffer) => {
      if (topic !== irStateTopic(device)) return;
      const state = v.parse(IrStateSchema, JSON.parse(payload.toString("utf8")));
      if (!test(state)) return;
      clearTimeout(timer);
      browser.off("message", onMessage);
      resolve(state);
    };
    browser.on("message", onMessage);
  });
}

describe("infrared remotes: POST /ir/learn, /ir/code, /ir/send", () => {
  let hub: TestHub;
  let cookie: string;
  let browser: MqttClient;
  let blaster: MqttClient;
  const received: string[] = [];
  const live = new Map<string, string>();
  const post = (path: string, body: unknown) => call(hub, "POST", `/api/v2${path}`, { cookie, body });

  beforeAll(async () => {
    hub = await startTestHub({ mqttPort: await freePort() });
    cookie = await login(hub);
    browser = await connectBrowser(hub, cookie);
    browser.on("message", (topic, payload) => live.set(topic, payload.toString("utf8")));
    await browser.subscribeAsync(["features/ir/+", "ir/+"]);
    blaster = await connectDevice(hub, "pilot_salon");
    blaster.on("message", (topic, payload) => received.push(`${topic} ${payload.toString("utf8")}`));
    await blaster.subscribeAsync("cmnd/pilot_salon/#", { qos: 1 });
  });
  afterAll(async () => {
    browser.end(true);
    blaster.end(true);
    await hub.cleanup();
  });

  it("publishes the demo's blaster on features/ir/<device> and its state on ir/<device>", async () => {
    await expect.poll(() => live.get("features/ir/pilot_salon")).toBeDefined();
    await expect.poll(() => live.get("ir/pilot_salon")).toBeDefined();
    expect(v.parse(IrFeaturesSchema, JSON.parse(live.get("features/ir/pilot_salon") ?? ""))).toEqual({
      label: "Pilot w salonie",
      room: "Salon",
    });
    expect(v.parse(IrStateSchema, JSON.parse(live.get("ir/pilot_salon") ?? ""))).toEqual({
      learning: false,
      codes: [],
      received: null,
    });
  });

  it("learning: the device's real IrReceived becomes ir/<device>.received; saved, it is a button; sent, IRSend reaches cmnd/<t>/IRSend", async () => {
    const learning = nextState(browser, "pilot_salon", (s) => s.learning);
    expect(
      await jsonOf(await post(IR_LEARN_PATH, { device: "pilot_salon", enable: true }), IrLearnAnswerSchema),
    ).toEqual({ item: { device: "pilot_salon", learning: true } });
    await learning;
    const got = nextState(browser, "pilot_salon", (s) => s.received !== null);
    const fixture = loadFixture("tasmota/result_irreceived_nec.json");
    await blaster.publishAsync("tele/pilot_salon/RESULT", fixture.payload, { qos: 1 });
    expect((await got).received?.code).toEqual({ protocol: "NEC", bits: 32, data: "0x00FF00FF" });

    const saved = nextState(browser, "pilot_salon", (s) => s.codes.length === 1);
    const answer = await post(IR_CODE_PATH, {
      device: "pilot_salon",
      name: " Wentylator ",
      code: { protocol: "NEC", bits: 32, data: "0x00FF00FF" },
    });
    expect(await jsonOf(answer, IrCodeAnswerSchema)).toEqual({
      item: { device: "pilot_salon", name: "Wentylator", code: { protocol: "NEC", bits: 32, data: "0x00FF00FF" } },
    });
    expect((await saved).codes).toEqual([
      { name: "Wentylator", code: { protocol: "NEC", bits: 32, data: "0x00FF00FF" } },
    ]);

    const sent = await post(IR_SEND_PATH, { device: "pilot_salon", code: "Wentylator" });
    expect((await jsonOf(sent, IrSendAnswerSchema)).item.code.data).toBe("0x00FF00FF");
    await expect
      .poll(() => received)
      .toEqual(['cmnd/pilot_salon/IRSend {"protocol": "NEC","bits": 32, "data": 0x00FF00FF}']);

    const off = nextState(browser, "pilot_salon", (s) => !s.learning);
    await post(IR_LEARN_PATH, { device: "pilot_salon", enable: false });
    expect((await off).received).toBeNull();
  });

  it("refuses bad bodies with 400 naming the field, unknown devices and buttons with 404; nothing reaches the device", async () => {
    received.length = 0;
    const bad: [string, unknown, RegExp][] = [
      [IR_SEND_PATH, { device: "pilot_salon" }, /^code: /],
      [IR_SEND_PATH, { device: "pilot_salon", code: { protocol: "NEC", bits: 32, data: "0xZZ" } }, /^code/],
      [IR_SEND_PATH, { device: "pilot_salon", code: { protocol: "NEC;x", bits: 32, data: "0x1" } }, /^code/],
      [IR_LEARN_PATH, { device: "pilot_salon", enable: "yes" }, /^enable: /],
      [IR_CODE_PATH, { device: "pilot_salon", name: "", code: { protocol: "NEC", bits: 32, data: "0x1" } }, /^name: /],
      [
        IR_CODE_PATH,
        { device: "pilot_salon", name: "a/b", code: { protocol: "NEC", bits: 32, data: "0x1" } },
        /^name: /,
      ],
      [
        IR_CODE_PATH,
        { device: "pilot_salon", name: "x", code: { protocol: "NEC", bits: 99999, data: "0x1" } },
        /^code.bits: /,
      ],
      [IR_CODE_PATH, { device: "a/#", name: "x", code: { protocol: "NEC", bits: 32, data: "0x1" } }, /^device: /],
    ];
    for (const [path, body, message] of bad) {
      const response = await post(path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await jsonOf(response, ErrorBodySchema)).message, JSON.stringify(body)).toMatch(message);
    }
    expect((await post(IR_SEND_PATH, { device: "telewizor", code: "Power" })).status).toBe(404);
    expect((await post(IR_SEND_PATH, { device: "pilot_salon", code: "Nie ma" })).status).toBe(404);
    expect((await post(IR_LEARN_PATH, { device: "telewizor", enable: true })).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual([]);
  });

  it("a blaster with LWT Offline: 409 DEVICE_UNREACHABLE, nothing published", async () => {
    await blaster.publishAsync("tele/pilot_salon/LWT", "Offline", { qos: 1, retain: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const response = await post(IR_SEND_PATH, {
      device: "pilot_salon",
      code: { protocol: "NEC", bits: 32, data: "0x20DF10EF" },
    });
    expect(response.status).toBe(409);
    expect((await jsonOf(response, ErrorBodySchema)).code).toBe("DEVICE_UNREACHABLE");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual([]);
  });
});
