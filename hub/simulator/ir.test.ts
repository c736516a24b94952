import { describe, expect, it } from "vitest";
import { irReceivedCode } from "../ir/codes";
import { tasmotaSwitch } from "./devices";
import { DEMO_IR_CODES, tasmotaIrBlaster } from "./ir";

describe("the simulated IR blaster", () => {
  it("announces itself Online, acknowledges IRSend as Tasmota does and refuses other commands", () => {
    const blaster = tasmotaIrBlaster("pilot_salon");
    expect(blaster.tick(new Date())).toEqual([{ topic: "tele/pilot_salon/LWT", payload: "Online", retain: true }]);
    expect(
      blaster.command?.("cmnd/pilot_salon/IRSend", '{"protocol": "NEC","bits": 32, "data": 0x20DF10EF}', new Date()),
    ).toEqual([{ topic: "stat/pilot_salon/RESULT", payload: '{"IRSend":"Done"}', retain: false }]);
    expect(blaster.command?.("cmnd/pilot_salon/Restart", "1", new Date())).toEqual([
      { topic: "stat/pilot_salon/RESULT", payload: '{"Command":"Unknown"}', retain: false },
    ]);
  });

  it("while the hub says learning with nothing received, 'receives' the next demo code as a real IrReceived; otherwise nothing", () => {
    const blaster = tasmotaIrBlaster("pilot_salon");
    const state = (learning: boolean, received: unknown) => JSON.stringify({ learning, codes: [], received });
    expect(blaster.command?.("ir/pilot_salon", state(false, null), new Date())).toEqual([]);
    const first = blaster.command?.("ir/pilot_salon", state(true, null), new Date()) ?? [];
    expect(first.map((m) => m.topic)).toEqual(["tele/pilot_salon/RESULT"]);
    expect(irReceivedCode(Buffer.from(first[0]?.payload ?? ""))).toEqual({
      protocol: "NEC",
      bits: 32,
      data: DEMO_IR_CODES[0],
    });
    expect(
      blaster.command?.(
        "ir/pilot_salon",
        state(true, { code: { protocol: "NEC", bits: 32, data: DEMO_IR_CODES[0] }, time: new Date().toISOString() }),
        new Date(),
      ),
    ).toEqual([]);
    expect(blaster.command?.("ir/pilot_salon", "not json", new Date())).toEqual([]);
  });
});

describe("the simulated Tasmota switch's console answers", () => {
  it("Status 0 on stat/<t>/STATUS0 with every status block, Status on STATUS, State on RESULT, unknown commands as {Command: Unknown}", () => {
    const sw = tasmotaSwitch("listwa", 3, () => 0.9);
    const answer = (command: string, payload: string) =>
      sw.command?.(`cmnd/listwa/${command}`, payload, new Date()) ?? [];
    const status0 = answer("Status", "0");
    expect(status0.map((m) => m.topic)).toEqual(["stat/listwa/STATUS0"]);
    expect(Object.keys(JSON.parse(status0[0]?.payload ?? "{}") as object)).toEqual([
      "Status",
      "StatusPRM",
      "StatusFWR",
      "StatusNET",
      "StatusSTS",
    ]);
    expect(answer("STATUS", "").map((m) => m.topic)).toEqual(["stat/listwa/STATUS"]);
    expect(JSON.parse(answer("State", "")[0]?.payload ?? "{}")).toMatchObject({
      POWER1: "OFF",
      POWER2: "OFF",
      POWER3: "OFF",
    });
    expect(answer("Frobnicate", "")).toEqual([
      { topic: "stat/listwa/RESULT", payload: '{"Command":"Unknown"}', retain: false },
    ]);
  });
});
