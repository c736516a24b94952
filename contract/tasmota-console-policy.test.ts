import { describe, expect, it } from "vitest";
import { parseTasmotaConsoleLine } from "./tasmota-console";
import { tasmotaCommandsNeedingPin } from "./tasmota-console-policy";

/** The commands of `line` that need the PIN (the line must parse). */
function needingPin(line: string): string[] {
  const parsed = parseTasmotaConsoleLine(line);
  if (!parsed.ok) throw new Error(`${line}: ${parsed.reason}`);
  return tasmotaCommandsNeedingPin(parsed.steps);
}

describe("the Tasmota console's allowlist: reads and operating commands pass, everything else needs the PIN", () => {
  it("lets status queries, reads without an argument and the operating commands through", () => {
    const ordinary = [
      "Status",
      "Status 0",
      "status 11",
      "State",
      "Power",
      "Power2 ON",
      "POWER0 toggle",
      "Dimmer 40",
      "Dimmer2 >",
      "Color 255,0,0",
      "CT 300",
      "HSBColor 120,100,50",
      "White 50",
      "Channel2 30",
      "Scheme 2",
      "Fade 1",
      "Speed 4",
      "ShutterPosition1 30",
      "ShutterOpen",
      "ShutterClose2",
      "ShutterStop",
      "Restart 1",
      "Restart1 1",
      "MqttHost",
      "Topic",
      "FullTopic",
      "SSId1",
      "Rule1",
      "SetOption19",
      "Template",
      "Module",
      "Timer3",
      "Backlog Power1 ON; Delay 10; Power1 OFF",
      "Backlog0 NoDelay;Fade 0;NoDelay;Power2 OFF",
    ];
    for (const line of ordinary) expect(needingPin(line), line).toEqual([]);
  });

  it("asks the PIN for what changes how the device connects, what it runs or what it reaches, and for unknown commands", () => {
    const privileged: [string, string[]][] = [
      ["MqttHost 10.0.0.66", ["MqttHost"]],
      ["MqttUser x", ["MqttUser"]],
      ["MqttPassword x", ["MqttPassword"]],
      ["MqttPassword", ["MqttPassword"]],
      ["Password1", ["Password1"]],
      ["WebPassword", ["WebPassword"]],
      ["Topic x", ["Topic"]],
      ["FullTopic %prefix%/x/", ["FullTopic"]],
      ["GroupTopic2 x", ["GroupTopic2"]],
      ["SSId1 x", ["SSId1"]],
      ["Password2 x", ["Password2"]],
      ["Hostname x", ["Hostname"]],
      ["IPAddress1 10.0.0.66", ["IPAddress1"]],
      ["WifiConfig 2", ["WifiConfig"]],
      ["Reset 1", ["Reset"]],
      ["Reset", ["Reset"]],
      ["Restart", ["Restart"]],
      ["Restart 2", ["Restart"]],
      ["Restart 99", ["Restart"]],
      ["WebQuery http://10.0.0.1/ GET", ["WebQuery"]],
      ["WebSend [10.0.0.1] /cm?cmnd=Power", ["WebSend"]],
      ["Ping 10.0.0.1", ["Ping"]],
      ["Publish cmnd/x/Power ON", ["Publish"]],
      ["SendIR x", ["SendIR"]],
      ["Template 18", ["Template"]],
      ["Module 0", ["Module"]],
      ["GPIO1 0", ["GPIO1"]],
      ["Rule1 1", ["Rule1"]],
      ["Script 1", ["Script"]],
      ["SetOption19 1", ["SetOption19"]],
      ["Timer1 0", ["Timer1"]],
      ["Status x", ["Status"]],
      ["Frobnicate", ["Frobnicate"]],
      ["PowerOnState 1", ["PowerOnState"]],
      ["Backlog Power1 ON; MqttHost 10.0.0.66; Power1 OFF", ["MqttHost"]],
      ["Backlog0 SSId1 x; Password1 y", ["SSId1", "Password1"]],
    ];
    for (const [line, names] of privileged) expect(needingPin(line), line).toEqual(names);
  });
});
