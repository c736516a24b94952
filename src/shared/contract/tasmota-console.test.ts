import { describe, expect, it } from "vitest";
import { parseTasmotaConsoleLine, TASMOTA_CONSOLE_MAX_LENGTH } from "./tasmota-console";

describe("the Tasmota console's command guard (issue 10): one command name with a plain argument", () => {
  it("takes Tasmota commands with and without an argument", () => {
    expect(parseTasmotaConsoleLine("Status 0")).toEqual({ ok: true, command: { name: "Status", arg: "0" } });
    expect(parseTasmotaConsoleLine("  Power2   TOGGLE ")).toEqual({ ok: true, command: { name: "Power2", arg: "TOGGLE" } });
    expect(parseTasmotaConsoleLine("State")).toEqual({ ok: true, command: { name: "State", arg: "" } });
    expect(parseTasmotaConsoleLine("SetOption19 1")).toEqual({ ok: true, command: { name: "SetOption19", arg: "1" } });
    expect(parseTasmotaConsoleLine("FriendlyName1 Lampa salon")).toEqual({ ok: true, command: { name: "FriendlyName1", arg: "Lampa salon" } });
  });

  it("refuses hostile or malformed lines with a reason that never quotes them", () => {
    const hostile = [
      "",
      "   ",
      "Backlog Power ON; Power OFF",
      "backlog0 Power ON",
      "Power ON; Restart 1",
      "Power;Restart 1",
      "Upgrade 1",
      "OtaUrl http://evil/fw.bin",
      "../POWER ON",
      "POWER/2 ON",
      "cmnd/x/POWER ON",
      "+ ON",
      "# ON",
      "Power+ ON",
      "1Power ON",
      "_Power ON",
      "Power\nRestart 1",
      "Power\u0000 ON",
      "Power ON\r",
      "Power \u0007",
      "Power ÖN",
      'Rule1 {"on":1}',
      "Rule1 ON Power1#State DO Power2 %value% ENDON",
      "Var1 $(reboot)",
      "Var1 'x'",
      "Var1 a\\b",
      `Var1 ${"x".repeat(TASMOTA_CONSOLE_MAX_LENGTH)}`,
      `${"A".repeat(33)} 1`,
    ];
    for (const line of hostile) {
      const result = parseTasmotaConsoleLine(line);
      expect(result.ok, JSON.stringify(line)).toBe(false);
      if (!result.ok && line.trim() !== "") expect(result.reason).not.toContain(line.trim());
    }
  });
});
