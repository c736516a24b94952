import * as v from "valibot";
import { irStateTopic, IrStateSchema } from "../../contract/ir";
import { TASMOTA_CMND, tasmotaStatTopic, tasmotaTeleTopic } from "../../contract/topics";
import type { DeviceMessage, SimDevice } from "./devices";

/** NEC codes of an LG TV remote (power: fixture cmnd_irsend_nec.json; volume up, volume down) the demo blaster "receives" in turn. */
export const DEMO_IR_CODES = ["0x20DF10EF", "0x20DF40BF", "0x20DFC03F"] as const;

/** `tele/<t>/RESULT` `{"IrReceived":{"Protocol":"NEC","Bits":32,"Data":...}}`, as fixture result_irreceived_nec.json. */
export function irReceivedMessage(name: string, data: string): DeviceMessage {
  return {
    topic: tasmotaTeleTopic(name, "RESULT"),
    payload: JSON.stringify({ IrReceived: { Protocol: "NEC", Bits: 32, Data: data } }),
    retain: false,
  };
}

/**
 * A Tasmota IR blaster: LWT Online first; answers `cmnd/<t>/IRSend`
 * with `stat/<t>/RESULT` `{"IRSend":"Done"}` as the firmware does (any other command:
 * `{"Command":"Unknown"}`). It also watches the hub's `ir/<t>` (in process): when learning is on and
 * nothing was received yet, someone "points a remote at it" and it publishes the next of
 * {@link DEMO_IR_CODES} as `IrReceived` on `tele/<t>/RESULT`.
 */
export function tasmotaIrBlaster(name: string): SimDevice {
  let first = true;
  let next = 0;
  return {
    name,
    tick() {
      const out: DeviceMessage[] = first
        ? [{ topic: tasmotaTeleTopic(name, "LWT"), payload: "Online", retain: true }]
        : [];
      first = false;
      return out;
    },
    commandFilters: [`${TASMOTA_CMND}/${name}/#`, irStateTopic(name)],
    command(topic, payload) {
      if (topic === irStateTopic(name)) {
        let raw: unknown;
        try {
          raw = JSON.parse(payload);
        } catch {
          return [];
        }
        const state = v.safeParse(IrStateSchema, raw);
        if (!state.success || !state.output.learning || state.output.received !== null) return [];
        const data = DEMO_IR_CODES[next % DEMO_IR_CODES.length] ?? DEMO_IR_CODES[0];
        next += 1;
        return [irReceivedMessage(name, data)];
      }
      const command = topic.slice(`${TASMOTA_CMND}/${name}/`.length).toUpperCase();
      const body = command === "IRSEND" ? { IRSend: "Done" } : { Command: "Unknown" };
      return [{ topic: tasmotaStatTopic(name, "RESULT"), payload: JSON.stringify(body), retain: false }];
    },
  };
}
