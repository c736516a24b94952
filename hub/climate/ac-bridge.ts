import { acStateTopic, type AcStatePayload } from "../../contract/climate";
import { MAX_PAYLOAD_BYTES, isSafeDeviceName } from "../bridge/guards";
import type { DeviceTranslator } from "../bridge/router";
import { emptyTranslation, type Translation } from "../bridge/types";
import type { AcUnit, Household } from "../household/schema";
import { irhvacOf, readIrhvac } from "./irhvac";

/**
 * The air conditioning side of the Tasmota bridge: a Tasmota IR blaster answers an
 * IRHVAC command on `stat/<t>/RESULT` with `{"IRHVAC":{...}}` (fixture result_irhvac.json) and
 * reports a frame it hears from the unit's own remote on `tele/<t>/RESULT` as
 * `{"IrReceived":{...,"IRHVAC":{...}}}` (result_irreceived_hvac_coolix.json). Each becomes the
 * retained `ac/<id>` (AcStatePayloadSchema) of the household's unit on that blaster with that
 * vendor (case-insensitive). A frame of another vendor (another remote) is ignored; a bad IRHVAC
 * object, an oversized or non-JSON payload is dropped. Never throws.
 */
export function createAcBridge(household: Household): DeviceTranslator<Translation> {
  const byDevice = new Map<string, AcUnit[]>();
  for (const unit of household.ac ?? []) byDevice.set(unit.device, [...(byDevice.get(unit.device) ?? []), unit]);
  return (event, receivedAt) => {
    const out = emptyTranslation();
    const { device, kind, topic, raw: payload } = event;
    if (kind !== "stat/RESULT" && kind !== "tele/RESULT") return out;
    if (!isSafeDeviceName(device)) return out; // the Tasmota bridge reports unsafe topics
    const units = byDevice.get(device);
    if (!units || payload.length > MAX_PAYLOAD_BYTES) return out;
    const json = event.json;
    const found = json ? irhvacOf(json) : undefined;
    if (!found) return out;
    const state = readIrhvac(found.irhvac);
    if (typeof state === "string") {
      out.dropped.push(`${topic}: ${state}`);
      return out;
    }
    const unit = units.find((u) => u.vendor.toLowerCase() === state.vendor.toLowerCase());
    if (!unit) {
      if (!found.received)
        out.dropped.push(`${topic}: IRHVAC of vendor ${state.vendor.slice(0, 64)}, no such unit on ${device}`);
      return out;
    }
    const message: AcStatePayload = {
      label: unit.label,
      room: unit.room,
      device: unit.device,
      vendor: unit.vendor,
      mode: state.mode,
      targetTemperature: state.targetTemperature,
      power: state.power,
      fanSpeed: state.fanSpeed,
      time: receivedAt.toISOString(),
    };
    out.messages.push({ topic: acStateTopic(unit.id), payload: JSON.stringify(message) });
    return out;
  };
}
