import { availabilityTopic, sensorTopic, ZIGBEE2MQTT_BASE, type AvailabilityPayload } from "../../contract/topics";
import type { BridgeIndex } from "./bridge-index";
import { MAX_PAYLOAD_BYTES, isSafeDeviceName, ownField, parseJsonObject, readingPayload } from "./guards";
import { sensorValue } from "./sensor-value";
import { dropped, emptyTranslation, type Translation } from "./types";

const PREFIX = `${ZIGBEE2MQTT_BASE}/`;
const COMMAND_SUFFIX = /\/(set|get)(\/.*)?$/;

function availabilityState(payload: Buffer): "online" | "offline" | undefined {
  const text = payload.toString("utf8").trim();
  if (text === "online" || text === "offline") return text;
  const json = parseJsonObject(payload);
  const state = json ? ownField(json, "state") : undefined;
  return state === "online" || state === "offline" ? state : undefined;
}

/**
 * Translates one Zigbee2MQTT message: `zigbee2mqtt/<name>` state -> configured
 * `sensor/<kind>/<place>` readings by property (`contact: false` = open = 1; absent or null
 * properties are skipped); `zigbee2mqtt/<name>/availability` (JSON `{"state"}` or legacy text)
 * -> `availability/<name>`; `bridge/*` and `/set` `/get` commands -> nothing. `onBridge` sees
 * bridge topics for logging. Never throws; bad input lands in `dropped`.
 */
export function translateZigbee2Mqtt(
  index: BridgeIndex,
  topic: string,
  payload: Buffer,
  receivedAt: Date,
  onBridge?: (topic: string) => void,
): Translation {
  if (!topic.startsWith(PREFIX)) return emptyTranslation();
  const rest = topic.slice(PREFIX.length);
  if (rest.startsWith("bridge/")) {
    onBridge?.(topic);
    return emptyTranslation();
  }
  if (COMMAND_SUFFIX.test(rest)) return emptyTranslation();
  if (payload.length > MAX_PAYLOAD_BYTES)
    return dropped(`payload of ${payload.length} bytes on ${topic.slice(0, 200)}`);

  if (rest.endsWith("/availability")) {
    const name = rest.slice(0, -"/availability".length);
    if (!isSafeDeviceName(name)) return dropped(`unsafe Zigbee2MQTT name ${JSON.stringify(name.slice(0, 200))}`);
    const state = availabilityState(payload);
    if (!state) return dropped(`availability of ${name} is neither online nor offline`);
    return {
      messages: [{ topic: availabilityTopic(name), payload: JSON.stringify({ state } satisfies AvailabilityPayload) }],
      dropped: [],
      ignored: [],
    };
  }

  if (!isSafeDeviceName(rest)) return dropped(`unsafe Zigbee2MQTT name ${JSON.stringify(rest.slice(0, 200))}`);
  const sensors = index.zigbeeSensors.get(rest);
  if (!sensors) return emptyTranslation();
  const json = parseJsonObject(payload);
  if (!json) return dropped(`${topic} payload is not a JSON object`);
  const out = emptyTranslation();
  for (const sensor of sensors) {
    if (sensor.source.type !== "zigbee2mqtt") continue;
    const raw = ownField(json, sensor.source.property);
    if (raw === undefined || raw === null) continue;
    const value = sensorValue(sensor, raw);
    if (value.ok)
      out.messages.push({
        topic: sensorTopic(sensor.kind, sensor.place),
        payload: readingPayload(value.value, receivedAt),
      });
    else out.dropped.push(`${rest} ${sensor.source.property}: ${value.reason}`);
  }
  return out;
}
