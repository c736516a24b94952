import type { MqttClient } from "mqtt";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../contract/envelope";
import {
  IR_CODE_PATH,
  IR_LEARN_PATH,
  IR_NAME_MAX_LENGTH,
  irStateTopic,
  IrStateSchema,
  MAX_IR_BUTTONS,
  type IrCode,
} from "../../contract/ir";
import { LIVE_PAYLOAD_MAX_BYTES } from "../../contract/topics";
import { openDb } from "../domains";
import {
  call,
  connectBrowser,
  connectDevice,
  freePort,
  jsonOf,
  login,
  startTestHub,
  tempDir,
  type TestHub,
} from "../testing/harness";
import { IrStore } from "./store";

/** The largest code the contract takes: 32-character protocol, 1024 bits, 256 hex digits. */
const LARGEST_CODE: IrCode = { protocol: "P".repeat(32), bits: 1024, data: `0x${"F".repeat(256)}` };
/** The i-th longest name of 3-byte characters (the most a name may cost in the state's JSON). */
const longestName = (i: number) => String.fromCharCode(0x4e00 + i) + "€".repeat(IR_NAME_MAX_LENGTH - 1);

/** Resolves with the retained `ir/<device>` a fresh subscriber receives, as bytes. */
async function retainedState(hub: TestHub, cookie: string, device: string): Promise<Buffer> {
  const subscriber = await connectBrowser(hub, cookie);
  try {
    const payload = new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no retained ${irStateTopic(device)}`)), 5000);
      subscriber.on("message", (topic, message, packet) => {
        if (topic !== irStateTopic(device) || !packet.retain) return;
        clearTimeout(timer);
        resolve(message);
      });
    });
    await subscriber.subscribeAsync(irStateTopic(device));
    return await payload;
  } finally {
    subscriber.end(true);
  }
}

describe("an IR blaster's buttons are bounded so ir/<device> always reaches the dashboard", () => {
  let hub: TestHub;
  let cookie: string;
  let blaster: MqttClient;
  const post = (path: string, body: unknown) => call(hub, "POST", `/api/v2${path}`, { cookie, body });

  beforeAll(async () => {
    hub = await startTestHub({ mqttPort: await freePort() });
    cookie = await login(hub);
    blaster = await connectDevice(hub, "pilot_salon");
  });
  afterAll(async () => {
    blaster.end(true);
    await hub.cleanup();
  });

  it(`saves ${MAX_IR_BUTTONS} maximal buttons, refuses the next with 409 LIMIT_REACHED, and a subscriber receives the retained state under 64 KiB`, async () => {
    for (let i = 0; i < MAX_IR_BUTTONS; i++) {
      const response = await post(IR_CODE_PATH, { device: "pilot_salon", name: longestName(i), code: LARGEST_CODE });
      expect(response.status, `button ${i}`).toBe(200);
    }
    // one button more than the limit is refused (docs/security.md "IR state outgrows the dashboard")
    const refused = await post(IR_CODE_PATH, {
      device: "pilot_salon",
      name: longestName(MAX_IR_BUTTONS),
      code: LARGEST_CODE,
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      code: "LIMIT_REACHED",
      message: "name: at most 100 buttons per IR blaster; save under an existing button's name to replace it",
      limit: 100,
    });
    // an existing name is still replaced (it keeps its place)
    const replaced = await post(IR_CODE_PATH, {
      device: "pilot_salon",
      name: longestName(0),
      code: { ...LARGEST_CODE, data: "0x1" },
    });
    expect(replaced.status).toBe(200);
    await post(IR_CODE_PATH, { device: "pilot_salon", name: longestName(0), code: LARGEST_CODE });

    // learning on and the device's largest IrReceived: the state at every maximum
    await post(IR_LEARN_PATH, { device: "pilot_salon", enable: true });
    const learnt = JSON.stringify({
      IrReceived: { Protocol: LARGEST_CODE.protocol, Bits: LARGEST_CODE.bits, Data: LARGEST_CODE.data },
    });
    await blaster.publishAsync("tele/pilot_salon/RESULT", learnt, { qos: 1 });
    await expect
      .poll(
        async () =>
          v.parse(IrStateSchema, JSON.parse((await retainedState(hub, cookie, "pilot_salon")).toString("utf8")))
            .received?.code,
      )
      .toEqual(LARGEST_CODE);

    const payload = await retainedState(hub, cookie, "pilot_salon");
    expect(payload.length).toBe(47_109); // the contract's worst case (47,110 with learning off)
    expect(payload.length).toBeLessThan(LIVE_PAYLOAD_MAX_BYTES);
    const state = v.parse(IrStateSchema, JSON.parse(payload.toString("utf8")));
    expect(state.codes.map((button) => button.name)).toEqual(
      Array.from({ length: MAX_IR_BUTTONS }, (_, i) => longestName(i)),
    );
  });

  it("refuses a name with an unpaired surrogate (6 bytes each once escaped) with 400 naming it", async () => {
    const response = await post(IR_CODE_PATH, { device: "pilot_salon", name: "Pilot\ud800", code: LARGEST_CODE });
    expect(response.status).toBe(400);
    expect((await jsonOf(response, ErrorBodySchema)).message).toMatch(/^name: /);
  });
});

describe("a blaster that kept more buttons under the earlier bound of 200", () => {
  it("publishes its first 100 (under 64 KiB, reaching the dashboard) and refuses a new name", async () => {
    const dataDir = tempDir();
    const db = openDb(dataDir);
    const store = new IrStore(db);
    for (let i = 0; i < 150; i++) store.save("pilot_salon", longestName(i), LARGEST_CODE);
    db.close();
    const hub = await startTestHub({ dataDir });
    try {
      const cookie = await login(hub);
      const payload = await retainedState(hub, cookie, "pilot_salon");
      expect(payload.length).toBeLessThan(LIVE_PAYLOAD_MAX_BYTES);
      const state = v.parse(IrStateSchema, JSON.parse(payload.toString("utf8")));
      expect(state.codes.map((button) => button.name)).toEqual(
        Array.from({ length: MAX_IR_BUTTONS }, (_, i) => longestName(i)),
      );
      const refused = await call(hub, "POST", `/api/v2${IR_CODE_PATH}`, {
        cookie,
        body: { device: "pilot_salon", name: "Nowy", code: LARGEST_CODE },
      });
      expect(refused.status).toBe(409);
    } finally {
      await hub.cleanup();
    }
  });
});
