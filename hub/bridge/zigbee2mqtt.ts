import { availabilityTopic, sensorTopic, type AvailabilityPayload } from "../../contract/topics";
import type { BridgeIndex } from "./bridge-index";
import { MAX_PAYLOAD_BYTES, isSafeDeviceName, ownField, readingPayload } from "./guards";
import type { DeviceEvent } from "./router";
import { sensorValue } from "./sensor-value";
import { dropped, emptyTranslation, type Translation } from "./types";

function availabilityState(event: DeviceEvent): "online" | "offline" | undefined {
  const text = event.text.trim();
  if (text === "online" || text === "offline") return text;
  const json = event.json;
  const state = json ? ownField(json, "state") : undefined;
  return state === "online" || state === "offline" ? state : undefined;
}

/**
 * Translates one Zigbee2MQTT message, the router's typed event of it (router.ts deviceEvent): `zigbee2mqtt/<name>` state -> configured
 * `sensor/<kind>/<place>` readings by property (`contact: false` = open = 1; absent or null
 * properties are skipped); `zigbee2mqtt/<name>/availability` (JSON `{"state"}` or legacy text)
 * -> `availability/<name>`; `bridge/*` and `/set` `/get` commands -> nothing. `onBridge` sees
 * bridge topics for logging. Never throws; bad input lands in `dropped`.
 */
export function translateZigbee2Mqtt(
  index: BridgeIndex,
  event: DeviceEvent,
  receivedAt: Date,
  onBridge?: (topic: string) => void,
): Translation {
  const { topic, raw: payload, kind } = event;
  if (kind === "") return emptyTranslation();
  if (kind.startsWith("bridge/")) {
    onBridge?.(topic);
    return emptyTranslation();
  }
  if (kind === "command") return emptyTranslation();
  if (payload.length > MAX_PAYLOAD_BYTES)
    return dropped(`payload of ${payload.length} bytes on ${topic.slice(0, 200)}`);

  if (kind === "availability") {
    const name = event.device;
    if (!isSafeDeviceName(name)) return dropped(`unsafe Zigbee2MQTT name ${JSON.stringify(name.slice(0, 200))}`);
    const state = availabilityState(event);
    if (!state) return dropped(`availability of ${name} is neither online nor offline`);
    return {
      messages: [{ topic: availabilityTopic(name), payload: JSON.stringify({ state } satisfies AvailabilityPayload) }],
      dropped: [],
      ignored: [],
    };
  }

  const rest = event.device;
  if (!isSafeDeviceName(rest)) return dropped(`unsafe Zigbee2MQTT name ${JSON.stringify(rest.slice(0, 200))}`);
  const sensors = index.zigbeeSensors.get(rest);
  if (!sensors) return emptyTranslation();
  const json = event.json;
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
