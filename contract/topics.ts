/**
 * Live-channel topics (DESIGN.md §3, docs/contract.md "Live channel"): the hub's namespace the
 * dashboard reads, and the device topics the bridge reads. Payload schemas sit in the domain's
 * module (sensors.ts, switches.ts, settings.ts via JSON, availability here).
 */
import * as v from "valibot";

/**
 * Largest live payload, bytes (DESIGN §3: 64 KiB): the dashboard drops a larger one
 * (src/lib/mqtt/ingest.ts), so everything the hub publishes for it is bounded below this.
 */
export const LIVE_PAYLOAD_MAX_BYTES = 65_536;

/**
 * First topic levels of the namespace the hub publishes for the dashboard (DESIGN.md §3 topic
 * table): only the hub may publish under them (the broker's ACL), and the dashboard's live store
 * budgets its topics by them.
 */
export const NAMESPACE_ROOTS: ReadonlySet<string> = new Set([
  "sensor",
  "power",
  "availability",
  "tasmota",
  "settings",
  "features",
  "light",
  "heater",
  "gps",
  "ir",
  "camera",
  "calendar",
  "doorbell",
  "garage",
  "alert",
  "automation",
  "ac",
  "session",
  "device",
  "devices",
  "panel",
  "panels",
]);

/**
 * `device/<name>/<family>`: what a device family's hub domain publishes about one device (retained;
 * payload in that family's contract module, e.g. contract/energy.ts). `<name>` is the name the hub's
 * other topics give the device (a switch's name, as in `power/<name>/…`); `<family>` the family's
 * topic level (`energy`). One root for every family, so a new family needs no new broker rule.
 */
export function deviceFamilyTopic(name: string, family: string): string {
  return `device/${name}/${family}`;
}

/** `sensor/<kind>/<place>`: a reading (payload SensorReadingSchema, retained). */
export function sensorTopic(kind: string, place: string): string {
  return `sensor/${kind}/${place}`;
}

/**
 * `power/<device>/POWER<n>`: a switch relay's state (payload PowerPayloadSchema). `relay` absent
 * or 0 gives Tasmota's single-relay key `POWER`; `relay` may also be Tasmota's own key (`POWER2`).
 */
export function powerTopic(device: string, relay?: number | string): string {
  if (typeof relay === "string") return `power/${device}/${relay}`;
  return `power/${device}/POWER${relay === undefined || relay === 0 ? "" : String(relay)}`;
}

/** `power/<device>/POWER`: the prefix of every relay topic of `device`. */
export function powerTopicPrefix(device: string): string {
  return `power/${device}/POWER`;
}

/** `availability/<device>`: a device's online state (payload AvailabilityPayloadSchema). */
export function availabilityTopic(device: string): string {
  return `availability/${device}`;
}

/** `{state: "online" | "offline"}` on `availability/<device>`. */
export const AvailabilityPayloadSchema = v.object({ state: v.picklist(["online", "offline"]) });
export type AvailabilityPayload = v.InferOutput<typeof AvailabilityPayloadSchema>;

/** `settings/<key>`: a household setting's JSON value (retained, QoS 1), as stored by PATCH /settings. */
export function settingsTopic(key: string): string {
  return `settings/${key}`;
}

/** `tasmota/<rest>`: a Tasmota `tele/...` message passed through unchanged (`tasmota/tele/<t>/STATE`). */
export function tasmotaPassThroughTopic(deviceTopic: string): string {
  return `tasmota/${deviceTopic}`;
}

/** Device topics the bridge reads (Tasmota `tele/` and `stat/`, Zigbee2MQTT's base topic). */
export const TASMOTA_TELE = "tele";
export const TASMOTA_STAT = "stat";
export const TASMOTA_CMND = "cmnd";
export const ZIGBEE2MQTT_BASE = "zigbee2mqtt";

/** `tele/<device>/<suffix>` (SENSOR, STATE, LWT). */
export function tasmotaTeleTopic(device: string, suffix: string): string {
  return `${TASMOTA_TELE}/${device}/${suffix}`;
}

/** `stat/<device>/<suffix>` (RESULT, STATE, POWER<n>). */
export function tasmotaStatTopic(device: string, suffix: string): string {
  return `${TASMOTA_STAT}/${device}/${suffix}`;
}

/** `cmnd/<device>/<command>` (POWER, POWER2 ...): a Tasmota command the hub sends, never retained. */
export function tasmotaCommandTopic(device: string, command: string): string {
  return `${TASMOTA_CMND}/${device}/${command}`;
}

/** `zigbee2mqtt/<device>` (state) or `zigbee2mqtt/<device>/<suffix>` (availability). */
export function zigbee2mqttTopic(device: string, suffix?: string): string {
  return suffix === undefined ? `${ZIGBEE2MQTT_BASE}/${device}` : `${ZIGBEE2MQTT_BASE}/${device}/${suffix}`;
}

/** `features/light/<id>`: a light's features (payload LightFeaturesSchema of lights.ts, retained; empty = gone). */
export function lightFeaturesTopic(id: string): string {
  return `features/light/${id}`;
}

/** `light/<id>`: a light's live state (payload LightStateSchema of lights.ts, retained). */
export function lightStateTopic(id: string): string {
  return `light/${id}`;
}
