import { PROTOTYPE_NAMES } from "../../contract/sensors";
import { NAMESPACE_ROOTS } from "../../contract/topics";

/**
 * Who may publish and subscribe to what on the embedded broker (a device logs in with its
 * own credentials). Pure functions over topic strings; `device-access.ts` applies
 * them to Aedes' hooks.
 *
 * - The dashboard's namespace (docs/contract.md "Topics the hub publishes", DESIGN.md §3) is
 *   written only by the hub itself, in process: no MQTT client may publish into it.
 * - A Tasmota device (user of kind `tasmota` with topic T) publishes `tele/T/#` and `stat/T/#`
 *   and subscribes to `cmnd/T/#`, Tasmota's group topic `cmnd/tasmotas/#` and its fallback topic
 *   `cmnd/<client id>_fb/#` (Tasmota's `MqttConnected()` subscribes to these three,
 *   tasmota/tasmota_xdrv_driver/xdrv_02_9_mqtt.ino). It may also publish its own empty
 *   `cmnd/T/POWER`: Tasmota sends that state query to itself on every connect ("Satisfy iobroker").
 * - A Tasmota device also publishes its native discovery (xdrv_12_discovery.ino), retained:
 *   `tasmota/discovery/<MAC>/config` and `…/sensors` ({@link tasmotaDiscoveryProblem}): the MAC level
 *   is 12 hex digits, a config is a JSON object of at most {@link MAX_DISCOVERY_BYTES} with no
 *   `__proto__`/`constructor`/`prototype` key, its `mac` is the MAC level and its `t` one topic level
 *   equal to the user's topic. The first accepted config binds the MAC to the user (device-access.ts
 *   keeps it in table `mqtt_user_macs`): a user publishes discovery under its own MAC only, and no other
 *   user under it. `…/sensors` and an empty config (SetOption19 1: removal) need the MAC bound already.
 * - A Tasmota user made without a topic (`mqtt add <name> --kind tasmota` with no `--topic`) gets it
 *   from its first accepted discovery config (`t`); until then it may publish only its discovery
 *   config and `tele/<x>/LWT`, and subscribe to `cmnd/<x>/…`, the group and fallback topics, where
 *   `<x>` is one topic that no other user has (device-access.ts: the first such `<x>` a connection
 *   uses is the only one it may use, and its discovery's `t` must be it). Tasmota publishes
 *   `tele/<t>/LWT Online` and subscribes to `cmnd/<t>/#` as it connects, and its discovery 10 s
 *   later (TasDiscoverInit); what it publishes in between (`tele/<t>/INFO1`..., `cmnd/<t>/POWER`) is dropped.
 * - A Zigbee2MQTT gateway (kind `zigbee2mqtt` with base topic B, default `zigbee2mqtt`) publishes
 *   under `B/` except command topics (any `set` or `get` level, `B/bridge/request/...`: what
 *   Zigbee2MQTT itself listens to, lib/extension/publish.ts and bridge.ts) and subscribes to
 *   filters confined to `B/` (Zigbee2MQTT subscribes to `B/#`, lib/mqtt.ts) and to
 *   `homeassistant/status` (its Home Assistant extension, lib/extension/homeassistant.ts).
 * - An OwnTracks tracker (kind `owntracks` with topic `<user>/<device>`) publishes
 *   `owntracks/<user>/<device>` and its subtopics (`/event`, `/status`, ...: the OwnTracks booklet,
 *   "Topics") and subscribes to its own `owntracks/<user>/<device>/cmd` (remote commands).
 * - A Frigate NVR (kind `frigate` with its topic prefix B, `mqtt.topic_prefix`, default `frigate`) publishes
 *   under `B/` except its command topics (any `set` level, `B/restart`, `B/onConnect`, `B/<camera>/ptz`:
 *   what Frigate itself listens to, frigate/comms/mqtt.py) and subscribes to filters confined to `B/`.
 * - Anonymous devices (only with HUB_MQTT_ALLOW_ANONYMOUS=1) get the union of both for any
 *   Tasmota topic and the base `zigbee2mqtt`.
 * - Browsers (`/mqtt`, admitted by their session) publish nothing, may subscribe to `#` or to a
 *   filter inside the namespace, and receive only namespace topics: never `tasmota/discovery/…`,
 *   which is the devices' (the namespace's `tasmota/` root holds only the hub's pass-through).
 * - `$`-topics (`$SYS/...`) are refused to every client.
 */

/** First topic levels of the dashboard's namespace (the contract's NAMESPACE_ROOTS, docs/contract.md, DESIGN.md §3). */
export const DASHBOARD_ROOTS: ReadonlySet<string> = NAMESPACE_ROOTS;

/** Tasmota's default group topic (`GroupTopic tasmotas`). */
export const TASMOTA_GROUP_TOPIC = "tasmotas";

/** Zigbee2MQTT's default base topic (`mqtt.base_topic`). */
export const ZIGBEE2MQTT_DEFAULT_BASE = "zigbee2mqtt";

/** Frigate's default MQTT topic prefix (`mqtt.topic_prefix`). */
export const FRIGATE_DEFAULT_BASE = "frigate";

/** Zigbee2MQTT's Home Assistant status topic (`homeassistant.status_topic`, default). */
export const HOMEASSISTANT_STATUS_TOPIC = "homeassistant/status";

/** Device kinds an MQTT user of the embedded broker can have. */
export const DEVICE_KINDS = ["tasmota", "zigbee2mqtt", "owntracks", "frigate"] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/**
 * What one connected device may do: a Tasmota device with its topic, a Zigbee2MQTT gateway with
 * its base topic, or an anonymous device (HUB_MQTT_ALLOW_ANONYMOUS=1).
 */
export type DeviceAccess =
  | { kind: "tasmota"; topic: string; mac?: string | null | undefined }
  | { kind: "zigbee2mqtt"; topic: string }
  | { kind: "owntracks"; topic: string }
  | { kind: "frigate"; topic: string }
  | { kind: "anonymous" };

const levelsOf = (topic: string) => topic.split("/");

/** Tasmota's native discovery root: `tasmota/discovery/<MAC>/config|sensors` (xdrv_12_discovery.ino). */
export const TASMOTA_DISCOVERY_ROOT = "tasmota/discovery";
/** Largest discovery message a device may publish, in bytes (Tasmota's own are about 1 KiB). */
export const MAX_DISCOVERY_BYTES = 8 * 1024;
/** A discovery MAC level: 12 hex digits (Tasmota's `NetworkUniqueId()`: the MAC without colons). */
const DISCOVERY_MAC = /^[0-9A-Fa-f]{12}$/;

/** True for `tasmota/discovery` and the topics and filters under it (the devices', not the dashboard's). */
export function isTasmotaDiscoveryTopic(topic: string): boolean {
  return topic === TASMOTA_DISCOVERY_ROOT || topic.startsWith(`${TASMOTA_DISCOVERY_ROOT}/`);
}

/** True when `topic`'s first level is one of {@link DASHBOARD_ROOTS} (Tasmota's discovery excepted). */
export function isDashboardTopic(topic: string): boolean {
  if (isTasmotaDiscoveryTopic(topic)) return false;
  const slash = topic.indexOf("/");
  return DASHBOARD_ROOTS.has(slash < 0 ? topic : topic.slice(0, slash));
}

/** True when the leading levels of `levels` are literally `prefix` (for a filter: no wildcard can widen it). */
function confinedTo(levels: readonly string[], prefix: readonly string[]): boolean {
  return levels.length >= prefix.length && prefix.every((level, i) => levels[i] === level);
}

/** Zigbee2MQTT command topics under base `base`: a `set`/`get` level, or `bridge/request/...`. */
function isZigbee2MqttCommand(rest: readonly string[]): boolean {
  return (rest[0] === "bridge" && rest[1] === "request") || rest.includes("set") || rest.includes("get");
}

/** Why a device may not publish under a Zigbee2MQTT base, or null when it may. */
function zigbee2MqttPublishProblem(levels: readonly string[], base: string): string | null {
  const baseLevels = levelsOf(base);
  if (levels.length <= baseLevels.length || !confinedTo(levels, baseLevels)) {
    return `a Zigbee2MQTT gateway publishes only under ${base}/`;
  }
  if (isZigbee2MqttCommand(levels.slice(baseLevels.length)))
    return `${levels.join("/")} is a Zigbee2MQTT command topic (set, get, bridge/request): only the hub sends commands`;
  return null;
}

/** Frigate's command topics under its prefix: a `set` level, `restart`, `onConnect`, `<camera>/ptz`, `<camera>/notifications/suspend` (frigate/comms/mqtt.py). */
function isFrigateCommand(rest: readonly string[]): boolean {
  return (
    rest.includes("set") ||
    (rest.length === 1 && (rest[0] === "restart" || rest[0] === "onConnect")) ||
    (rest.length === 2 && rest[1] === "ptz") ||
    (rest.length === 3 && rest[1] === "notifications" && rest[2] === "suspend")
  );
}

/** Why a Frigate NVR may not publish `levels` under its prefix `base`, or null when it may. */
function frigatePublishProblem(levels: readonly string[], base: string): string | null {
  const baseLevels = levelsOf(base);
  if (levels.length <= baseLevels.length || !confinedTo(levels, baseLevels))
    return `a Frigate NVR publishes only under ${base}/`;
  if (isFrigateCommand(levels.slice(baseLevels.length)))
    return `${levels.join("/")} is a Frigate command topic (set, restart, onConnect, ptz): only the hub sends commands`;
  return null;
}

/** True when `value` holds a `__proto__`, `constructor` or `prototype` key at any depth (deeper than 32: true). */
function hasPrototypeKey(value: unknown, depth = 32): boolean {
  if (value === null || typeof value !== "object") return false;
  if (depth < 0) return true;
  if (Array.isArray(value)) return value.some((item) => hasPrototypeKey(item, depth - 1));
  for (const key of Object.keys(value)) {
    if (PROTOTYPE_NAMES.has(key) || hasPrototypeKey((value as Record<string, unknown>)[key], depth - 1)) return true;
  }
  return false;
}

/** What a discovery publish carries once accepted: the MAC (upper case) and, for a config, its topic `t`. */
export interface DiscoveryClaim {
  mac: string;
  /** The config's `t`; null for `…/sensors` and for an empty config (removal). */
  topic: string | null;
}

/**
 * Why a Tasmota device (its `topic`, "" while it has none, and bound `mac`, null while none) may not
 * publish `payload` on discovery topic `topic`, or what it claims (the rules at the top of this file;
 * the binding itself is device-access.ts's). `bound` false: the MAC is not yet the user's.
 */
export function tasmotaDiscoveryProblem(
  access: { topic: string; mac?: string | null | undefined },
  topic: string,
  payload: Buffer,
): { problem: string } | { claim: DiscoveryClaim } {
  const levels = levelsOf(topic);
  const [, , macLevel, what] = levels;
  if (levels.length !== 4 || macLevel === undefined || (what !== "config" && what !== "sensors"))
    return { problem: "Tasmota discovery is tasmota/discovery/<MAC>/config or /sensors" };
  if (!DISCOVERY_MAC.test(macLevel))
    return { problem: `discovery MAC level ${JSON.stringify(macLevel.slice(0, 40))} is not 12 hex digits` };
  const mac = macLevel.toUpperCase();
  const bound = access.mac ?? null;
  if (bound !== null && bound !== mac) return { problem: `this device's MAC is ${bound}, not ${mac}` };
  if (payload.length > MAX_DISCOVERY_BYTES)
    return { problem: `discovery of ${payload.length} bytes (at most ${MAX_DISCOVERY_BYTES})` };
  if (payload.length === 0 || what === "sensors") {
    if (bound === null) return { problem: `discovery ${what} before the config bound MAC ${mac}` };
    if (payload.length === 0) return { claim: { mac, topic: null } };
  }
  let json: unknown;
  try {
    json = JSON.parse(payload.toString("utf8"));
  } catch {
    return { problem: "discovery payload is not JSON" };
  }
  if (json === null || typeof json !== "object" || Array.isArray(json))
    return { problem: "discovery payload is not a JSON object" };
  if (hasPrototypeKey(json))
    return { problem: "discovery payload has a __proto__/constructor/prototype key (or nests over 32 deep)" };
  if (what === "sensors") return { claim: { mac, topic: null } };
  const config = json as Record<string, unknown>;
  const configMac = config.mac;
  if (typeof configMac !== "string" || configMac.toUpperCase() !== mac)
    return {
      problem: `discovery config's mac ${JSON.stringify(String(configMac).slice(0, 40))} is not the topic's ${mac}`,
    };
  const t = config.t;
  if (typeof t !== "string" || deviceTopicProblem("tasmota", t) !== null || PROTOTYPE_NAMES.has(t))
    return { problem: `discovery config's topic t ${JSON.stringify(String(t).slice(0, 40))} is not one topic level` };
  if (access.topic !== "" && t !== access.topic)
    return { problem: `discovery config's topic t ${JSON.stringify(t)} is not this device's topic ${access.topic}` };
  return { claim: { mac, topic: t } };
}

/**
 * The one topic `<x>` an unbound Tasmota device uses in `levels` (`tele/<x>/LWT`, `cmnd/<x>/…`), or
 * undefined for anything else. Group (`tasmotas`) and fallback (`<client id>_fb`) topics are not it.
 */
export function unboundTasmotaTopic(levels: readonly string[], clientId: string): string | undefined {
  const [prefix, name] = levels;
  if (name === undefined || name === TASMOTA_GROUP_TOPIC || name === `${clientId}_fb`) return undefined;
  if (deviceTopicProblem("tasmota", name) !== null || PROTOTYPE_NAMES.has(name)) return undefined;
  if (prefix === "tele" && levels.length === 3 && levels[2] === "LWT") return name;
  if (prefix === "cmnd" && levels.length >= 2) return name;
  return undefined;
}

/** Why a device may not publish under `tele/<t>/` or `stat/<t>/` (t = `topic`, any when undefined), or null. */
function tasmotaPublishProblem(levels: readonly string[], payload: Buffer, topic: string | undefined): string | null {
  const [prefix, device] = levels;
  if (topic === "") {
    // No topic yet: its LWT only (device-access.ts checks that no other user has that topic).
    return prefix === "tele" && levels.length === 3 && levels[2] === "LWT" && device !== undefined && device !== ""
      ? null
      : "this Tasmota device has no topic yet: it may publish only tele/<t>/LWT and its discovery config until the config names its topic";
  }
  const own = device !== undefined && device !== "" && (topic === undefined || device === topic);
  if (own && (prefix === "tele" || prefix === "stat") && levels.length >= 3) return null;
  // Tasmota queries its own power state on every connect: empty `cmnd/<t>/POWER` (xdrv_02_9_mqtt.ino).
  if (
    own &&
    topic !== undefined &&
    prefix === "cmnd" &&
    levels.length === 3 &&
    levels[2] === "POWER" &&
    payload.length === 0
  )
    return null;
  if (prefix === "cmnd") return "only the hub sends commands (cmnd/...)";
  return topic === undefined
    ? "an anonymous device publishes only tele/<t>/..., stat/<t>/... and zigbee2mqtt/..."
    : `the Tasmota device ${topic} publishes only tele/${topic}/# and stat/${topic}/#`;
}

/**
 * Why `access` may not publish `payload` on `topic`, or null when it may (the rules at the top of
 * this file). `$`-topics and the dashboard's namespace are refused to every device.
 */
export function devicePublishProblem(access: DeviceAccess, topic: string, payload: Buffer): string | null {
  if (topic.startsWith("$")) return "$-topics are reserved to the broker";
  if (isDashboardTopic(topic)) return "the dashboard's namespace is written only by the hub";
  const levels = levelsOf(topic);
  if (isTasmotaDiscoveryTopic(topic)) {
    if (access.kind !== "tasmota" && access.kind !== "anonymous")
      return "only Tasmota devices publish tasmota/discovery/...";
    const verdict = tasmotaDiscoveryProblem(
      access.kind === "tasmota" ? access : { topic: "", mac: levels[2]?.toUpperCase() ?? null },
      topic,
      payload,
    );
    return "problem" in verdict ? verdict.problem : null;
  }
  switch (access.kind) {
    case "tasmota":
      return tasmotaPublishProblem(levels, payload, access.topic);
    case "zigbee2mqtt":
      return zigbee2MqttPublishProblem(levels, access.topic);
    case "frigate":
      return frigatePublishProblem(levels, access.topic);
    case "owntracks":
      return confinedTo(levels, ["owntracks", ...levelsOf(access.topic)])
        ? null
        : `the OwnTracks device ${access.topic} publishes only owntracks/${access.topic} and its subtopics`;
    case "anonymous":
      if (levels[0] === "tele" || levels[0] === "stat" || levels[0] === "cmnd")
        return tasmotaPublishProblem(levels, payload, undefined);
      return zigbee2MqttPublishProblem(levels, ZIGBEE2MQTT_DEFAULT_BASE) === null
        ? null
        : "an anonymous device publishes only tele/<t>/..., stat/<t>/... and zigbee2mqtt/... (no commands)";
  }
}

/** True when `filter` is confined to `cmnd/<name>/` for a literal `name`. */
const isCommandFilterOf = (filterLevels: readonly string[], name: string) =>
  name !== "" && confinedTo(filterLevels, ["cmnd", name]);

/**
 * Whether `access` may subscribe to `filter` (a valid MQTT topic filter); `clientId` is the
 * connection's client id (Tasmota's fallback topic is `cmnd/<client id>_fb/#`).
 */
export function deviceMaySubscribe(access: DeviceAccess, filter: string, clientId: string): boolean {
  if (filter.startsWith("$")) return false;
  const levels = levelsOf(filter);
  if (filter === HOMEASSISTANT_STATUS_TOPIC && access.kind !== "tasmota") return true;
  switch (access.kind) {
    case "tasmota":
      return (
        (access.topic === "" ? unboundTasmotaTopic(levels, clientId) !== undefined && levels[0] === "cmnd" : false) ||
        isCommandFilterOf(levels, access.topic) ||
        isCommandFilterOf(levels, TASMOTA_GROUP_TOPIC) ||
        isCommandFilterOf(levels, `${clientId}_fb`)
      );
    case "zigbee2mqtt":
    case "frigate":
      return confinedTo(levels, levelsOf(access.topic));
    case "owntracks":
      return filter === `owntracks/${access.topic}/cmd`;
    case "anonymous": {
      const name = levels[1];
      return (
        (levels[0] === "cmnd" && name !== undefined && name !== "+" && name !== "#" && name !== "") ||
        confinedTo(levels, [ZIGBEE2MQTT_DEFAULT_BASE])
      );
    }
  }
}

/** Whether a browser may subscribe to `filter`: `#` (what the dashboard does) or a filter inside the namespace. */
export function browserMaySubscribe(filter: string): boolean {
  return filter === "#" || isDashboardTopic(filter);
}

/**
 * Whether a browser receives a message on `topic`: namespace topics only (never device topics or
 * commands), and of the panels' commands (`panel/<id>/command`, contract/panels.ts) only its own:
 * `panel` is the panel its session registered as (hub/core/session-panels.ts), none without one.
 */
export function browserMayReceive(topic: string, panel?: string): boolean {
  if (isPanelCommandTopic(topic)) return panel !== undefined && topic === `panel/${panel}/command`;
  return isDashboardTopic(topic);
}

/** True for `panel/<anything>/command`: a command meant for one panel's browser only. */
export function isPanelCommandTopic(topic: string): boolean {
  const levels = topic.split("/");
  return levels[0] === "panel" && levels.length === 3 && levels[2] === "command";
}

/** A topic level: 1..100 characters, no `/ + #`, no whitespace or control characters, not starting with `$`. */
const TOPIC_LEVEL = /^(?!\$)[^/+#\s\u0000-\u001f\u007f]{1,100}$/; // eslint-disable-line no-control-regex

/**
 * Why `topic` cannot be the Tasmota topic, Zigbee2MQTT base topic or Frigate topic prefix of a device
 * user of `kind`, or null when it can. A Tasmota topic is one level (the bridge reads `tele/<t>/SENSOR`); a
 * Zigbee2MQTT base topic or a Frigate prefix is one or more levels. Neither may be a dashboard namespace root,
 * `tele`, `stat`, `cmnd`, `homeassistant` or Tasmota's group topic.
 */
export function deviceTopicProblem(kind: DeviceKind, topic: string): string | null {
  if (kind === "owntracks") {
    const [user, device, ...rest] = levelsOf(topic);
    const ok =
      user !== undefined &&
      device !== undefined &&
      rest.length === 0 &&
      TOPIC_LEVEL.test(user) &&
      TOPIC_LEVEL.test(device);
    return ok ? null : "an OwnTracks topic is <user>/<device>: two topic levels, no + # or spaces, not starting with $";
  }
  if (kind === "tasmota") {
    if (!TOPIC_LEVEL.test(topic))
      return "a Tasmota topic is one topic level: 1 to 100 characters, no / + # or spaces, not starting with $";
    if (topic === TASMOTA_GROUP_TOPIC) return `"${TASMOTA_GROUP_TOPIC}" is Tasmota's group topic, not a device's topic`;
    return null;
  }
  const levels = levelsOf(topic);
  const what = kind === "frigate" ? "a Frigate topic prefix" : "a Zigbee2MQTT base topic";
  if (topic.length > 200 || !levels.every((level) => TOPIC_LEVEL.test(level))) {
    return `${what} is 1 to 200 characters of topic levels separated by /, no + # or spaces, not starting with $`;
  }
  const first = levels[0] ?? "";
  if (DASHBOARD_ROOTS.has(first) || ["tele", "stat", "cmnd", "homeassistant"].includes(first)) {
    return `${what} may not start with "${first}" (used by the hub, Tasmota or Home Assistant)`;
  }
  return null;
}
