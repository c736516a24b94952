import { describe, expect, it } from "vitest";
import { loadFixture } from "../testing/fixtures";
import { irReceivedCode, irSendPayload } from "./codes";

describe("IR codes from and to Tasmota", () => {
  it("reads the NEC code of a real IrReceived (fixture result_irreceived_nec.json)", () => {
    expect(irReceivedCode(loadFixture("tasmota/result_irreceived_nec.json").payload)).toEqual({
      protocol: "NEC",
      bits: 32,
      data: "0x00FF00FF",
    });
  });

  it("reads the COOLIX code of an AC remote's IrReceived with its decoded IRHVAC (fixture result_irreceived_hvac_coolix.json)", () => {
    expect(irReceivedCode(loadFixture("tasmota/result_irreceived_hvac_coolix.json").payload)).toEqual({
      protocol: "COOLIX",
      bits: 24,
      data: "0xB25F78",
    });
  });

  it("ignores what is not a decoded IR code: other RESULTs, UNKNOWN protocol, bad bits or data, not JSON", () => {
    const cases = [
      '{"POWER":"ON"}',
      '{"IRSend":"Done"}',
      '{"IrReceived":{"Protocol":"UNKNOWN","Bits":112,"Hash":"0x7FAD1A8D"}}',
      '{"IrReceived":{"Protocol":"NEC","Bits":0,"Data":"0x00FF00FF"}}',
      '{"IrReceived":{"Protocol":"NEC","Bits":32,"Data":"00FF00FF"}}',
      '{"IrReceived":{"Protocol":"NEC/../x","Bits":32,"Data":"0x00FF00FF"}}',
      '{"IrReceived":"NEC"}',
      "IrReceived",
      "",
    ];
    for (const text of cases) expect(irReceivedCode(Buffer.from(text)), text).toBeNull();
  });

  it("sends IRSend in the form of the Tasmota docs, byte for byte (fixture cmnd_irsend_nec.json)", () => {
    const fixture = loadFixture("tasmota/cmnd_irsend_nec.json");
    expect(irSendPayload({ protocol: "NEC", bits: 32, data: "0x20DF10EF" })).toBe(fixture.payload.toString("utf8"));
  });

  it("quotes data over 64 bits (state-based protocols)", () => {
    expect(irSendPayload({ protocol: "MITSUBISHI_AC", bits: 144, data: "0x23CB26010020" })).toBe(
      '{"protocol": "MITSUBISHI_AC","bits": 144, "data": "0x23CB26010020"}',
    );
  });
});
