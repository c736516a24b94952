import * as v from "valibot";
import { CAPABILITY_LIMITS, CapabilitySchema, deviceId, type Capability } from "../../contract/devices";
import { jsonDepthWithin, MAX_JSON_DEPTH } from "../../src/shared/jsonDepth";
import { isSafeDeviceName, ownField } from "../bridge/guards";
import type { DeviceRouter } from "../bridge/router";
import { MAX_DEVICES_PER_SOURCE, type DeviceRegistry } from "./registry";

/** Most exposes one Zigbee2MQTT definition may list (top level); a longer list is refused whole. */
export const MAX_EXPOSES = 128;
/**
 * Deepest JSON nesting of one expose: a light's `level_config` composite with a numeric's presets is
 * 7 (light, features, composite, features, numeric, presets, preset).
 */
const MAX_EXPOSE_DEPTH = 10;

const Text = v.pipe(v.string(), v.maxLength(CAPABILITY_LIMITS.name));
const Z2mDevice = v.looseObject({
  friendly_name: v.string(),
  type: v.optional(v.string()),
  supported: v.optional(v.boolean()),
  definition: v.optional(v.unknown()),
});
const Definition = v.looseObject({
  model: v.optional(Text),
  vendor: v.optional(Text),
  description: v.optional(v.pipe(v.string(), v.maxLength(CAPABILITY_LIMITS.description))),
  exposes: v.optional(v.unknown()),
});

/** One Zigbee2MQTT device as the registry describes it. */
export interface Zigbee2MqttDescription {
  name: string;
  model: string | null;
  vendor: string | null;
  description?: string;
  capabilities: Capability[];
}

/** How many capabilities `list` holds, nested features counted. */
export function capabilityCount(list: readonly Capability[]): number {
  let count = 0;
  const stack = [...list];
  while (stack.length > 0) {
    const item = stack.pop();
    count += 1;
    if (item?.features) stack.push(...item.features);
  }
  return count;
}

/**
 * A definition's `exposes` validated as capabilities (contract/devices.ts CapabilitySchema, field
 * names unchanged; unknown fields left out): an expose outside the vocabulary (`list`, a leaf
 * without name/property/access) or nested deeper than 10 (JSON levels) is left out and reported; a list over
 * {@link MAX_EXPOSES} entries or {@link CAPABILITY_LIMITS}.perDevice capabilities gives none.
 */
export function capabilitiesOfExposes(name: string, exposes: unknown, report: (reason: string) => void): Capability[] {
  if (!Array.isArray(exposes)) {
    report(`${name}: definition.exposes is not a list`);
    return [];
  }
  if (exposes.length > MAX_EXPOSES) {
    report(`${name}: ${exposes.length} exposes, more than ${MAX_EXPOSES}`);
    return [];
  }
  const out: Capability[] = [];
  exposes.forEach((expose, position) => {
    const parsed = jsonDepthWithin(expose, MAX_EXPOSE_DEPTH) ? v.safeParse(CapabilitySchema, expose) : undefined;
    if (parsed?.success) out.push(parsed.output);
    else {
      const type = typeof ownField(typeof expose === "object" && expose ? expose : {}, "type");
      report(
        `${name}: expose ${position} is outside the exposes vocabulary (${type === "string" ? "its type or fields" : "no type"})`,
      );
    }
  });
  if (capabilityCount(out) > CAPABILITY_LIMITS.perDevice) {
    report(`${name}: more than ${CAPABILITY_LIMITS.perDevice} capabilities`);
    return [];
  }
  return out;
}

/**
 * The devices of a retained `zigbee2mqtt/bridge/devices` payload (an array, Zigbee2MQTT 1.x and
 * 2.x): each but the coordinator, by `friendly_name`, with `definition.model`, `vendor`,
 * `description` and its exposes as capabilities ({@link capabilitiesOfExposes}). A device with
 * `supported: false`, no definition or a malformed one is kept with no capabilities. Entries
 * without a friendly name, or one unsafe as a topic segment (bridge/guards.ts isSafeDeviceName),
 * are left out and reported; at most {@link MAX_DEVICES_PER_SOURCE} devices. Undefined (reported)
 * for a payload that is not a list or nests deeper than MAX_JSON_DEPTH. Never throws.
 */
export function describeBridgeDevices(
  payload: unknown,
  report: (reason: string) => void,
): Zigbee2MqttDescription[] | undefined {
  if (!Array.isArray(payload) || !jsonDepthWithin(payload, MAX_JSON_DEPTH)) {
    report("zigbee2mqtt/bridge/devices is not a list of devices (or nests too deep)");
    return undefined;
  }
  const out: Zigbee2MqttDescription[] = [];
  for (const [position, entry] of payload.entries()) {
    const parsed = v.safeParse(Z2mDevice, entry);
    if (!parsed.success) {
      report(`zigbee2mqtt/bridge/devices entry ${position} has no friendly_name`);
      continue;
    }
    const device = parsed.output;
    if (device.type === "Coordinator") continue;
    if (!isSafeDeviceName(device.friendly_name)) {
      report(
        `zigbee2mqtt device name ${JSON.stringify(device.friendly_name.slice(0, 64))} is not a safe topic segment`,
      );
      continue;
    }
    if (out.length >= MAX_DEVICES_PER_SOURCE) {
      report(`zigbee2mqtt/bridge/devices lists more than ${MAX_DEVICES_PER_SOURCE} devices: the rest are left out`);
      break;
    }
    const definition = v.safeParse(Definition, device.definition);
    const described: Zigbee2MqttDescription = {
      name: device.friendly_name,
      model: definition.success ? (definition.output.model ?? null) : null,
      vendor: definition.success ? (definition.output.vendor ?? null) : null,
      capabilities: [],
    };
    if (definition.success && definition.output.description !== undefined)
      described.description = definition.output.description;
    if (device.supported !== false && definition.success && device.definition !== null)
      described.capabilities = capabilitiesOfExposes(device.friendly_name, definition.output.exposes, report);
    else if (device.definition !== undefined && device.definition !== null && !definition.success)
      report(`${device.friendly_name}: definition is malformed`);
    out.push(described);
  }
  return out;
}

/** Zigbee2MQTT's availability payload: JSON `{"state":"online"}` or the legacy text `online`. */
export function availabilityOf(
  text: string,
  json: Record<string, unknown> | undefined,
): "online" | "offline" | undefined {
  const trimmed = text.trim();
  const state = trimmed === "online" || trimmed === "offline" ? trimmed : json ? ownField(json, "state") : undefined;
  return state === "online" || state === "offline" ? state : undefined;
}

/** A state payload's `last_seen` (Zigbee2MQTT `advanced.last_seen`: ISO 8601, local ISO or epoch ms) as ISO-8601 UTC, or undefined. */
export function lastSeenOf(json: Record<string, unknown> | undefined): string | undefined {
  const raw = json ? ownField(json, "last_seen") : undefined;
  if (typeof raw !== "string" && typeof raw !== "number") return undefined;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * Feeds `registry` with the Zigbee2MQTT devices read through `router`: each `bridge/devices`
 * replaces the source's devices ({@link describeBridgeDevices}; those no longer listed are removed,
 * availability and last seen of the others kept); `<name>/availability` sets availability (one
 * heard before the device is listed is applied when it is, for at most MAX_DEVICES_PER_SOURCE
 * names); a `<name>` state sets last seen (its `last_seen`, else the time it came). `now` is the clock.
 */
export function followZigbee2Mqtt(registry: DeviceRegistry, router: DeviceRouter, now = () => new Date()): void {
  const early = new Map<string, "online" | "offline">();
  const report = (reason: string) => registry.report(reason);
  router.on({ source: "zigbee2mqtt", kinds: ["bridge/devices"] }, (event) => {
    const described = describeBridgeDevices(event.value, report);
    if (described === undefined) return; // refused whole: what was known stays
    const listed = new Set(described.map((device) => deviceId("zigbee2mqtt", device.name)));
    for (const device of registry.ofSource("zigbee2mqtt")) if (!listed.has(device.id)) registry.remove(device.id);
    for (const { name, ...patch } of described) {
      const availability = early.get(name);
      early.delete(name);
      const patchWith = availability ? { ...patch, availability } : patch;
      const id = deviceId("zigbee2mqtt", name);
      if (registry.get(id)) registry.update(id, patchWith);
      else registry.add("zigbee2mqtt", name, patchWith);
    }
  });
  router.on({ source: "zigbee2mqtt", kinds: ["availability"] }, (event) => {
    const state = availabilityOf(event.text, event.json);
    if (!state) return report(`availability of ${event.device.slice(0, 64)} is neither online nor offline`);
    const id = deviceId("zigbee2mqtt", event.device);
    if (registry.get(id)) registry.setAvailability(id, state);
    else if (early.has(event.device) || early.size < MAX_DEVICES_PER_SOURCE) early.set(event.device, state);
  });
  router.on({ source: "zigbee2mqtt", kinds: ["state"] }, (event) => {
    const id = deviceId("zigbee2mqtt", event.device);
    if (registry.get(id)) registry.update(id, { lastSeen: lastSeenOf(event.json) ?? now().toISOString() });
  });
}
