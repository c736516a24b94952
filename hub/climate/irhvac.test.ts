import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { AcBodySchema, AcStatePayloadSchema } from "../../contract/climate";
import { parseJsonObject } from "../bridge/guards";
import { loadFixture } from "../testing/fixtures";
import { HouseholdSchema } from "../household/schema";
import { irhvacEcho } from "../simulator/climate";
import { createAcBridge } from "./ac-bridge";
import { fahrenheitToCelsius, irhvacCommand, irhvacOf, readIrhvac } from "./irhvac";
import { byTopic } from "../testing/translate";

const household = v.parse(HouseholdSchema, {
  ac: [
    { id: "salon", label: "Klimatyzacja", room: "Salon", device: "tasmota_6A9E68", vendor: "Mitsubishi_Heavy_152" },
    { id: "sypialnia", label: "Klima", room: "Sypialnia", device: "ir2", vendor: "COOLIX" },
  ],
});
const at = new Date("2026-01-01T12:00:00Z");

describe("IRHVAC command (hub -> cmnd/<t>/IRHVAC)", () => {
  it("has the fixture's shape: the vendor, Power, Mode, FanSpeed and Temp of the last state plus the change", () => {
    const fixture = loadFixture("tasmota/cmnd_irhvac.json").json as Record<string, unknown>;
    const command = irhvacCommand(
      { vendor: "Mitsubishi_Heavy_152" },
      { mode: "Cool", targetTemperature: 21, power: "On", fanSpeed: "Medium" },
      { mode: "Heat", targetTemperature: 22.5 },
    );
    expect(Object.keys(fixture).every((key) => key in command)).toBe(true);
    expect(command).toEqual({
      Vendor: "Mitsubishi_Heavy_152",
      Power: "On",
      Mode: "Heat",
      FanSpeed: "Medium",
      Celsius: "On",
      Temp: 22.5,
    });
  });

  it("a temperature change keeps the mode (an Off unit stays off); Off is Power Off; nothing known starts from Auto 22 °C", () => {
    expect(
      irhvacCommand(
        { vendor: "COOLIX" },
        { mode: "Off", targetTemperature: 24, power: "Off", fanSpeed: null },
        { targetTemperature: 20 },
      ),
    ).toMatchObject({ Power: "Off", Mode: "Off", Temp: 20, FanSpeed: "Auto" });
    expect(irhvacCommand({ vendor: "COOLIX" }, null, { mode: "Off" })).toMatchObject({
      Power: "Off",
      Mode: "Off",
      Temp: 22,
    });
    expect(irhvacCommand({ vendor: "COOLIX" }, null, { targetTemperature: 19 })).toMatchObject({
      Power: "On",
      Mode: "Auto",
      Temp: 19,
    });
  });
});

describe("IRHVAC state (stat/<t>/RESULT -> ac/<id>)", () => {
  it("reads the fixture's answer: vendor, Auto, Fahrenheit 68 as 20 °C, fan Medium", () => {
    const json = parseJsonObject(loadFixture("tasmota/result_irhvac.json").payload);
    const found = json && irhvacOf(json);
    expect(found?.received).toBe(false);
    expect(found && readIrhvac(found.irhvac)).toEqual({
      vendor: "MITSUBISHI_HEAVY_152",
      power: "On",
      mode: "Auto",
      targetTemperature: 20,
      fanSpeed: "Medium",
    });
    expect(fahrenheitToCelsius(72)).toBe(22);
  });

  it("reads a received COOLIX frame in lower case", () => {
    const json = parseJsonObject(loadFixture("tasmota/result_irreceived_hvac_coolix.json").payload);
    const found = json && irhvacOf(json);
    expect(found?.received).toBe(true);
    expect(found && readIrhvac(found.irhvac)).toEqual({
      vendor: "COOLIX",
      power: "On",
      mode: "Auto",
      targetTemperature: 22,
      fanSpeed: "Medium",
    });
  });

  it("refuses a bad IRHVAC object with a reason; power off reads as mode Off", () => {
    expect(readIrhvac({ Power: "On", Mode: "Cool", Temp: 20 })).toMatch(/Vendor/);
    expect(readIrhvac({ Vendor: "X", Power: "maybe", Mode: "Cool", Temp: 20 })).toMatch(/Power/);
    expect(readIrhvac({ Vendor: "X", Power: "On", Mode: "Hot", Temp: 20 })).toMatch(/Mode/);
    expect(readIrhvac({ Vendor: "X", Power: "On", Mode: "Cool", Temp: "20" })).toMatch(/Temp/);
    expect(readIrhvac({ Vendor: "X", Power: "Off", Mode: "Cool", Temp: 20 })).toMatchObject({
      mode: "Off",
      power: "Off",
    });
  });

  it("the bridge publishes the unit's ac/<id> from the fixture's topic; another vendor's frame and junk change nothing", () => {
    const bridge = byTopic("tasmota", createAcBridge(household));
    const answer = loadFixture("tasmota/result_irhvac.json");
    const out = bridge(answer.topic, answer.payload, at);
    expect(out.messages.map((m) => m.topic)).toEqual(["ac/salon"]);
    expect(v.parse(AcStatePayloadSchema, JSON.parse(out.messages[0]?.payload ?? ""))).toEqual({
      label: "Klimatyzacja",
      room: "Salon",
      device: "tasmota_6A9E68",
      vendor: "Mitsubishi_Heavy_152",
      mode: "Auto",
      targetTemperature: 20,
      power: "On",
      fanSpeed: "Medium",
      time: at.toISOString(),
    });
    const heard = loadFixture("tasmota/result_irreceived_hvac_coolix.json");
    expect(bridge("tele/ir2/RESULT", heard.payload, at).messages[0]?.topic).toBe("ac/sypialnia");
    expect(bridge("tele/tasmota_6A9E68/RESULT", heard.payload, at)).toEqual({ messages: [], dropped: [], ignored: [] }); // a COOLIX remote near the Mitsubishi
    expect(
      bridge(
        "stat/tasmota_6A9E68/RESULT",
        Buffer.from('{"IRHVAC":{"Vendor":"MITSUBISHI_HEAVY_152","Power":"On","Mode":"Warp","Temp":1}}'),
        at,
      ).dropped,
    ).toHaveLength(1);
    expect(bridge("stat/tasmota_6A9E68/RESULT", Buffer.from("not json"), at).messages).toEqual([]);
    expect(bridge("stat/unknown/RESULT", answer.payload, at).messages).toEqual([]);
  });

  it("round trip with the simulated blaster: the hub's command echoed as the fixture normalises it reads back as what was asked", () => {
    const command = irhvacCommand({ vendor: "coolix" }, null, { mode: "Cool", targetTemperature: 23.5 });
    const echo = irhvacEcho(command as unknown as Record<string, unknown>);
    expect(echo).toMatchObject({ Vendor: "COOLIX", Mode: "Cool", Power: "On", Temp: 23.5, Sleep: -1 });
    expect(readIrhvac(echo ?? {})).toMatchObject({ mode: "Cool", targetTemperature: 23.5 });
    // The fixture's own example: Mode Hot is not a mode (answered as Auto), FanSpeed 3 is Medium.
    expect(irhvacEcho(loadFixture("tasmota/cmnd_irhvac.json").json as Record<string, unknown>)).toMatchObject({
      Vendor: "MITSUBISHI_HEAVY_152",
      Mode: "Auto",
      FanSpeed: "Medium",
    });
  });
});

describe("POST /ac/{id} body", () => {
  it("takes a mode or a temperature in range on the 0.5 step; refuses the rest", () => {
    for (const body of [
      { mode: "Cool" },
      { targetTemperature: 16 },
      { mode: "Off", targetTemperature: 30 },
      { targetTemperature: 22.5 },
    ])
      expect(v.is(AcBodySchema, body), JSON.stringify(body)).toBe(true);
    for (const body of [
      {},
      { mode: "Hot" },
      { mode: "cool" },
      { targetTemperature: 15.5 },
      { targetTemperature: 31 },
      { targetTemperature: 22.3 },
      { targetTemperature: "22" },
      { mode: "Cool", fan: 1 },
    ])
      expect(v.is(AcBodySchema, body), JSON.stringify(body)).toBe(false);
  });
});
