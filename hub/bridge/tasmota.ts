import type { PowerPayload } from "../../contract/switches";
import {
  availabilityTopic,
  powerTopic,
  sensorTopic,
  tasmotaPassThroughTopic,
  tasmotaTeleTopic,
  type AvailabilityPayload,
} from "../../contract/topics";
import { switchPowerKey } from "../switches/relays";
import type { BridgeIndex } from "./bridge-index";
import { MAX_PAYLOAD_BYTES, asObject, isSafeDeviceName, ownField, readingPayload, type JsonObject } from "./guards";
import { sensorValue } from "./sensor-value";
import type { DeviceEvent } from "./router";
import { dropped, emptyTranslation, type Translation } from "./types";

const POWER_KEY = /^POWER(\d{1,2})?$/;

/** Reads `BME280.Temperature`-style paths: split on the first dot only (`SDS0X1.PM2.5` -> SDS0X1, PM2.5). */
export function readTasmotaField(payload: JsonObject, field: string): unknown {
  const dot = field.indexOf(".");
  if (dot < 0) return ownField(payload, field);
  const group = asObject(ownField(payload, field.slice(0, dot)));
  return group ? ownField(group, field.slice(dot + 1)) : undefined;
}

function powerState(raw: unknown): "ON" | "OFF" | undefined {
  if (typeof raw !== "string") return undefined;
  const upper = raw.toUpperCase();
  return upper === "ON" || upper === "OFF" ? upper : undefined;
}

/**
 * `power/<t>/<key>`, and the same state under each switch named otherwise on that device whose relay
 * it is (switchPowerKey: a switch bound to relay r gets only `POWER<r>`; one without a relay, every key).
 */
function powerMessages(index: BridgeIndex, device: string, key: string, state: "ON" | "OFF"): Translation["messages"] {
  const payload = JSON.stringify({ state } satisfies PowerPayload);
  const out = [{ topic: powerTopic(device, key), payload }];
  for (const alias of index.switchAliases.get(device) ?? []) {
    const aliasKey = switchPowerKey(alias, key);
    if (aliasKey !== null) out.push({ topic: powerTopic(alias.name, aliasKey), payload });
  }
  return out;
}

/** POWER / POWER<n> fields of a STATE or RESULT object -> `power/<t>/POWER<n>`; bad values dropped. */
function powerFromObject(index: BridgeIndex, device: string, payload: JsonObject, out: Translation): void {
  for (const key of Object.keys(payload)) {
    if (!POWER_KEY.test(key)) continue;
    const state = powerState(payload[key]);
    if (state) out.messages.push(...powerMessages(index, device, key, state));
    else out.dropped.push(`${key} of ${device} is ${JSON.stringify(payload[key])}, not ON/OFF`);
  }
}

function sensorsFromPayload(
  index: BridgeIndex,
  device: string,
  payload: JsonObject,
  receivedAt: Date,
  out: Translation,
): void {
  for (const sensor of index.tasmotaSensors.get(device) ?? []) {
    if (sensor.source.type !== "tasmota") continue;
    const raw = readTasmotaField(payload, sensor.source.field);
    if (raw === undefined) {
      out.ignored.push(`${device} has no field ${sensor.source.field}`);
      continue;
    }
    const value = sensorValue(sensor, raw);
    if (value.ok)
      out.messages.push({
        topic: sensorTopic(sensor.kind, sensor.place),
        payload: readingPayload(value.value, receivedAt),
      });
    else out.dropped.push(`${device} ${sensor.source.field}: ${value.reason}`);
  }
}

/**
 * Translates one Tasmota message, the router's typed event of it (router.ts deviceEvent; docs/contract.md
 * "Device topics the hub reads"):
 * `tele/<t>/SENSOR` -> configured `sensor/<kind>/<place>` readings + pass-through;
 * `tele/<t>/STATE`, `stat/<t>/RESULT`, `stat/<t>/STATE` -> `power/<t>/POWER<n>` (tele: after its pass-through);
 * `stat/<t>/POWER<n>` raw ON/OFF or `{"POWER":"ON"}` -> `power/<t>/POWER<n>`; each power state also
 * under `power/<switch name>/…` of every switch named otherwise whose relay it is (powerMessages);
 * `tele/<t>/LWT` Online/Offline -> `availability/<t>` (and `availability/<switch name>` of every switch
 * named otherwise on that device) + pass-through. Reading time = `receivedAt`
 * (Tasmota's `Time` has no zone). Never throws; bad input lands in `dropped`.
 */
export function translateTasmota(index: BridgeIndex, event: DeviceEvent, receivedAt: Date): Translation {
  const { device, topic, raw: payload } = event;
  const [prefix, suffix] = event.kind.split("/");
  if (event.kind === "" || suffix === undefined || (prefix !== "tele" && prefix !== "stat")) return emptyTranslation();
  if (!isSafeDeviceName(device)) return dropped(`unsafe Tasmota topic ${JSON.stringify(device)}`);
  if (payload.length > MAX_PAYLOAD_BYTES) return dropped(`payload of ${payload.length} bytes on ${topic}`);
  const out = emptyTranslation();
  const text = event.text;

  if (prefix === "tele" && suffix === "LWT") {
    const state = text === "Online" ? "online" : text === "Offline" ? "offline" : undefined;
    if (!state) return dropped(`LWT ${JSON.stringify(text.slice(0, 40))} is neither Online nor Offline`);
    const availability = JSON.stringify({ state } satisfies AvailabilityPayload);
    for (const name of [device, ...(index.switchAliases.get(device) ?? []).map((alias) => alias.name)])
      out.messages.push({ topic: availabilityTopic(name), payload: availability });
    out.messages.push({ topic: tasmotaPassThroughTopic(tasmotaTeleTopic(device, "LWT")), payload: text });
    return out;
  }

  const isPowerTopic = prefix === "stat" && POWER_KEY.test(suffix);
  const handled =
    (prefix === "tele" && (suffix === "SENSOR" || suffix === "STATE")) ||
    (prefix === "stat" && (suffix === "RESULT" || suffix === "STATE")) ||
    isPowerTopic;
  if (!handled) return out;

  if (isPowerTopic) {
    const raw = powerState(text.trim());
    const json = raw ? undefined : event.json;
    const state = raw ?? (json ? powerState(ownField(json, suffix) ?? ownField(json, "POWER")) : undefined);
    if (!state) return dropped(`${topic} payload ${JSON.stringify(text.slice(0, 40))} is not ON/OFF`);
    out.messages.push(...powerMessages(index, device, suffix, state));
    return out;
  }

  const json = event.json;
  if (!json) return dropped(`${topic} payload is not a JSON object`);
  const passThrough = () => {
    if (prefix === "tele")
      out.messages.push({ topic: tasmotaPassThroughTopic(tasmotaTeleTopic(device, suffix)), payload: text });
  };
  if (suffix === "SENSOR") {
    sensorsFromPayload(index, device, json, receivedAt, out);
    passThrough();
  } else {
    // A STATE's pass-through comes first: whoever reads it for the relays (the history) has it before their states.
    passThrough();
    powerFromObject(index, device, json, out);
  }
  return out;
}
