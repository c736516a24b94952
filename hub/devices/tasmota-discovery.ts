import { ACCESS_READ, CAPABILITY_LIMITS, type Capability } from "../../contract/devices";
import { PROTOTYPE_NAMES } from "../../contract/sensors";
import { TASMOTA_CMND, TASMOTA_STAT, TASMOTA_TELE } from "../../contract/topics";
import { asObject, isSafeDeviceName, ownField, type JsonObject } from "../bridge/guards";
import { lightFeatureCapabilities, relayStateCapability, shutterCapability } from "./tasmota-describe";

/**
 * Tasmota's native discovery (on by default since Tasmota 9.1; tasmota/tasmota_xdrv_driver/xdrv_12_discovery.ino):
 * every device publishes, retained, `tasmota/discovery/<MAC>/config` (what it is: topic `t`, full topic
 * `ft`, prefixes `tp`, relays `rl`, friendly names `fn`, light subtype `lt_st`, shutters `sho`/`sht`,
 * buttons `btn`, switches `swc`/`swn`) and `tasmota/discovery/<MAC>/sensors` (`{"sn": <its SENSOR
 * payload>, "ver": 1}`); an empty retained config (`SetOption19 1`) withdraws it. Pure.
 */

/** Largest discovery config the hub reads, in bytes (Tasmota's own are about 1 KiB). */
export const MAX_DISCOVERY_BYTES = 8 * 1024;
/** A discovery MAC level: 12 hex digits (Tasmota's `NetworkUniqueId()`, the MAC without colons). */
export const DISCOVERY_MAC = /^[0-9A-Fa-f]{12}$/;
/** The full topic the hub's router reads (`%prefix%/%topic%/`, Tasmota's default), and its prefixes. */
export const SUPPORTED_FULL_TOPIC = "%prefix%/%topic%/";
const SUPPORTED_PREFIXES = [TASMOTA_CMND, TASMOTA_STAT, TASMOTA_TELE] as const;

/** `rl` values (xdrv_12_discovery.ino): 1 a relay, 2 a light, 3 a shutter's relay. */
const RELAY = 1;
const LIGHT = 2;
const SHUTTER = 3;
/** Most relays, buttons, switches and shutters read from one config (Tasmota's MAX_RELAYS_SET is 32). */
const MAX_ITEMS = 32;
/** Button actions Tasmota sends with SetOption73 (`{"Button1":{"Action":"SINGLE"}}`, docs/Buttons-and-Switches.md). */
export const BUTTON_ACTIONS = ["SINGLE", "DOUBLE", "TRIPLE", "QUAD", "PENTA", "HOLD", "CLEAR"] as const;
/** Switch actions beyond the state texts (`{"Switch1":{"Action":"TOGGLE"}}` with SetOption114). */
const SWITCH_EXTRA_ACTIONS = ["INC_DEC", "INV", "CLEAR"];

/** What a discovery config says, read by {@link readDiscoveryConfig}. */
export interface TasmotaDiscovery {
  /** The MAC, upper case (the topic's MAC level). */
  mac: string;
  /** The device's topic `t`: the registry id is `tasmota:<t>`. */
  topic: string;
  /** `md`: module or template name. */
  model: string | undefined;
  /** `dn`: the device name the household gave it in Tasmota. */
  name: string | undefined;
  /** `sw`: the firmware version. */
  firmware: string | undefined;
  /** Capabilities of relays, lights, shutters, buttons and switches (sensors come from `/sensors`). */
  capabilities: Capability[];
}

/** A discovery read: the device, or why it is refused. */
export type DiscoveryRead = { ok: true; discovery: TasmotaDiscovery } | { ok: false; reason: string };

const text = (value: unknown, max: number = CAPABILITY_LIMITS.name): string | undefined =>
  typeof value === "string" && value.length > 0 ? value.slice(0, max) : undefined;

const arrayOf = (object: JsonObject, key: string): unknown[] => {
  const value = ownField(object, key);
  return Array.isArray(value) ? value.slice(0, MAX_ITEMS) : [];
};

/** True when `value` holds a `__proto__`, `constructor` or `prototype` key at any depth (up to `depth`). */
export function hasPrototypeKey(value: unknown, depth = 16): boolean {
  if (depth < 0 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => hasPrototypeKey(item, depth - 1));
  for (const key of Object.keys(value)) {
    if (PROTOTYPE_NAMES.has(key)) return true;
    if (hasPrototypeKey((value as Record<string, unknown>)[key], depth - 1)) return true;
  }
  return false;
}

/**
 * Why `t` cannot be a discovered device's topic, or null: one topic level the router can read
 * (guards.isSafeDeviceName: 1..128 characters, no `/ + #` or control characters, not a prototype
 * name), no spaces, not starting with `$`, not Tasmota's group topic `tasmotas`.
 */
export function discoveryTopicProblem(t: unknown): string | null {
  if (typeof t !== "string" || !isSafeDeviceName(t) || /\s/.test(t) || t.startsWith("$"))
    return `topic t ${JSON.stringify(String(t).slice(0, 40))} is not one topic level (no / + # or spaces, 1..128 characters)`;
  if (t === "tasmotas") return `topic t "tasmotas" is Tasmota's group topic`;
  return null;
}

/**
 * Why the hub cannot follow a device with full topic `ft` and prefixes `tp`, or null. The hub's
 * router reads `tele/<t>/…` and `stat/<t>/…` and sends `cmnd/<t>/…`: Tasmota's default full topic
 * `%prefix%/%topic%/` with prefixes `cmnd`, `stat`, `tele`. Any other (`%topic%/%prefix%/`, a
 * leading `home/`, renamed prefixes) is refused with this reason rather than followed wrongly.
 */
export function fullTopicProblem(ft: unknown, tp: unknown): string | null {
  const full = typeof ft === "string" ? ft.replace(/\/$/, "") + "/" : undefined;
  const prefixes = Array.isArray(tp) ? tp : undefined;
  const defaultPrefixes =
    prefixes !== undefined &&
    prefixes.length === SUPPORTED_PREFIXES.length &&
    SUPPORTED_PREFIXES.every((prefix, i) => prefixes[i] === prefix);
  if (full === SUPPORTED_FULL_TOPIC && defaultPrefixes) return null;
  return (
    `the hub reads only FullTopic %prefix%/%topic%/ with prefixes cmnd, stat, tele, not ` +
    `${JSON.stringify(String(ft).slice(0, 40))} with ${JSON.stringify(prefixes?.slice(0, 3) ?? null).slice(0, 40)}`
  );
}

/** `POWER<n>` of relay `n` (1-based), `POWER` when the device has one power output only. */
const powerKey = (n: number, outputs: number) => (outputs === 1 ? "POWER" : `POWER${n}`);

/** The light features of subtype `lt_st` (0 none, 1 dimmer, 2 CT, 3 RGB, 4 RGBW, 5 RGBCW). */
const lightFeatures = (subtype: number): Capability[] =>
  lightFeatureCapabilities({ dimmer: subtype >= 1, ct: subtype === 2 || subtype === 5, color: subtype >= 3 });

const actionOf = (key: string, endpoint: string, values: readonly string[], label?: string): Capability => ({
  type: "enum",
  name: "action",
  property: `${key}.Action`,
  access: ACCESS_READ,
  endpoint,
  values: [...values],
  ...(label ? { label } : {}),
});

/** A switch's key in its RESULT: its `SwitchText` (`swn`), or `Switch<n>`; one safe path segment. */
function switchKey(name: unknown, n: number): string {
  return typeof name === "string" && /^[A-Za-z0-9_-]{1,32}$/.test(name) && !PROTOTYPE_NAMES.has(name)
    ? name
    : `Switch${n}`;
}

/**
 * The capabilities a discovery config gives (pure):
 * - relays `rl` 1: one `switch` each, its `state` binary ON/OFF/TOGGLE with property `POWER<n>` and
 *   endpoint `l<n>` (`POWER` and no endpoint when the device has one power output); label `fn[n-1]`;
 * - relays `rl` 2: a `light` each with that `state`; the first light also has `brightness`
 *   (`Dimmer` 0..100 %), `color_temp` (`CT` 153..500 mired) and `color` (`Color`) by `lt_st`;
 * - relays `rl` 3 belong to shutters: one `cover` per `sho` entry, endpoint `s<n>`, `state` enum
 *   OPEN/CLOSE/STOP (set only, property `Shutter<n>`) and `position` 0..100 % (`Shutter<n>.Position`);
 * - buttons `btn[i]` 1: an `action` enum (read only), property `Button<n>.Action`, endpoint `b<n>`;
 * - switches `swc[i]` ≥ 0: an `action` enum (read only), property `<SwitchText>.Action`, endpoint `sw<n>`.
 */
export function discoveryCapabilities(config: JsonObject): Capability[] {
  const relays = arrayOf(config, "rl");
  const names = arrayOf(config, "fn");
  const outputs = relays.filter((kind) => kind === RELAY || kind === LIGHT || kind === SHUTTER).length;
  const subtype = ownField(config, "lt_st");
  const lightType = typeof subtype === "number" && subtype >= 0 && subtype <= 5 ? Math.floor(subtype) : 0;
  const out: Capability[] = [];
  let firstLight = true;
  relays.forEach((kind, i) => {
    const n = i + 1;
    const key = powerKey(n, outputs);
    const endpoint = outputs === 1 ? undefined : `l${n}`;
    const label = text(names[i]);
    if (kind === RELAY)
      out.push({
        type: "switch",
        ...(endpoint ? { endpoint } : {}),
        features: [relayStateCapability(key, label, endpoint)],
      });
    if (kind === LIGHT) {
      const features = [relayStateCapability(key, label, endpoint), ...(firstLight ? lightFeatures(lightType) : [])];
      firstLight = false;
      out.push({ type: "light", ...(endpoint ? { endpoint } : {}), ...(label ? { label } : {}), features });
    }
  });
  const shutters = arrayOf(config, "sho").length;
  for (let n = 1; n <= shutters; n += 1) out.push(shutterCapability(n));
  arrayOf(config, "btn").forEach((enabled, i) => {
    if (enabled === 1) out.push(actionOf(`Button${i + 1}`, `b${i + 1}`, BUTTON_ACTIONS));
  });
  const states = arrayOf(config, "state").filter((value): value is string => typeof value === "string");
  const switchActions = [
    ...new Set([...(states.length > 0 ? states : ["OFF", "ON", "TOGGLE", "HOLD"]), ...SWITCH_EXTRA_ACTIONS]),
  ]
    .filter((value) => value.length <= CAPABILITY_LIMITS.name)
    .slice(0, 16);
  const switchNames = arrayOf(config, "swn");
  arrayOf(config, "swc").forEach((mode, i) => {
    if (typeof mode === "number" && mode >= 0)
      out.push(actionOf(switchKey(switchNames[i], i + 1), `sw${i + 1}`, switchActions, text(switchNames[i])));
  });
  return out;
}

/**
 * Reads a discovery config published on `tasmota/discovery/<macLevel>/config` (pure). Refused, with
 * the reason: a MAC level that is not 12 hex digits, a `mac` field other than it, a topic `t` that is
 * not one safe topic level ({@link discoveryTopicProblem}), a full topic the router cannot read
 * ({@link fullTopicProblem}), or a `__proto__` / `constructor` / `prototype` key anywhere.
 */
export function readDiscoveryConfig(macLevel: string, config: JsonObject): DiscoveryRead {
  if (!DISCOVERY_MAC.test(macLevel))
    return { ok: false, reason: `MAC level ${JSON.stringify(macLevel.slice(0, 40))} is not 12 hex digits` };
  if (hasPrototypeKey(config))
    return { ok: false, reason: `config of ${macLevel} has a __proto__/constructor/prototype key` };
  const mac = ownField(config, "mac");
  if (typeof mac !== "string" || mac.toUpperCase() !== macLevel.toUpperCase())
    return { ok: false, reason: `config of ${macLevel} says mac ${JSON.stringify(String(mac).slice(0, 40))}` };
  const t = ownField(config, "t");
  const topicProblem = discoveryTopicProblem(t);
  if (topicProblem !== null) return { ok: false, reason: `config of ${macLevel}: ${topicProblem}` };
  const fullProblem = fullTopicProblem(ownField(config, "ft"), ownField(config, "tp"));
  if (fullProblem !== null) return { ok: false, reason: `config of ${macLevel} (${String(t)}): ${fullProblem}` };
  return {
    ok: true,
    discovery: {
      mac: macLevel.toUpperCase(),
      topic: t as string,
      model: text(ownField(config, "md")),
      name: text(ownField(config, "dn")),
      firmware: text(ownField(config, "sw"), 32),
      capabilities: discoveryCapabilities(config),
    },
  };
}

/** The `sn` object of a discovery `/sensors` payload (its SENSOR payload), or undefined. */
export function discoverySensors(payload: JsonObject): JsonObject | undefined {
  if (hasPrototypeKey(payload)) return undefined;
  return asObject(ownField(payload, "sn"));
}
