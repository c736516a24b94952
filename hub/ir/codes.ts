import * as v from "valibot";
import { IrCodeSchema, type IrCode } from "../../contract/ir";
import { asObject, ownField, parseJsonObject } from "../bridge/guards";

/**
 * The IR code of a Tasmota `IrReceived` message (`tele/<t>/RESULT`, fixtures
 * result_irreceived_nec.json, result_irreceived_hvac_coolix.json): `{"IrReceived":{"Protocol","Bits","Data",...}}`
 * -> `{protocol, bits, data}`. Null when the payload has no `IrReceived`, or one without a
 * decoded protocol (`UNKNOWN`, raw-only captures) or with a value out of the contract's range.
 */
export function irReceivedCode(payload: Buffer): IrCode | null {
  const json = parseJsonObject(payload);
  const received = json ? asObject(ownField(json, "IrReceived")) : undefined;
  if (!received) return null;
  const protocol = ownField(received, "Protocol");
  if (typeof protocol !== "string" || protocol.toUpperCase() === "UNKNOWN") return null;
  const parsed = v.safeParse(IrCodeSchema, {
    protocol,
    bits: ownField(received, "Bits"),
    data: ownField(received, "Data"),
  });
  return parsed.success ? parsed.output : null;
}

/**
 * The payload of Tasmota `cmnd/<t>/IRSend` for `code`, in the form of the Tasmota docs (fixture
 * cmnd_irsend_nec.json: `{"protocol": "NEC","bits": 32, "data": 0x20DF10EF}`, the data an unquoted
 * hex number, which Tasmota's relaxed parser takes). Data over 64 bits (state-based protocols such
 * as HVAC remotes) is sent as a quoted hex string, the form Tasmota takes for those.
 */
export function irSendPayload(code: IrCode): string {
  const data = code.bits <= 64 ? code.data : JSON.stringify(code.data);
  return `{"protocol": ${JSON.stringify(code.protocol)},"bits": ${String(code.bits)}, "data": ${data}}`;
}
