import * as v from "valibot";
import { CAPABILITY_LIMITS, type Capability } from "../../contract/devices";
import { jsonDepthWithin, MAX_JSON_DEPTH } from "../../src/shared/jsonDepth";
import { isSafeDeviceName, ownField } from "../bridge/guards";
import { MAX_DEVICES_PER_SOURCE } from "./registry";
import { capabilitiesOfExposes, hasPrototypeKey } from "./zigbee2mqtt-exposes";

export { capabilitiesOfExposes, capabilityCount, MAX_EXPOSES } from "./zigbee2mqtt-exposes";

const Text = v.pipe(v.string(), v.maxLength(CAPABILITY_LIMITS.name));
const Z2mDevice = v.looseObject({
  friendly_name: v.string(),
  ieee_address: v.optional(v.string()),
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

/** One Zigbee2MQTT device as the registry describes it (`ieee` its IEEE address when the entry gives one). */
export interface Zigbee2MqttDescription {
  name: string;
  ieee?: string;
  model: string | null;
  vendor: string | null;
  description?: string;
  capabilities: Capability[];
}

/**
 * One `definition` of Zigbee2MQTT (a `bridge/devices` entry's, a `device_interview` event's) as
 * model, vendor, description and capabilities: capabilities only when `supported` is not false and
 * the definition has exposes ({@link capabilitiesOfExposes}); `exposes` absent gives undefined
 * capabilities (the event's short definition), a malformed definition none (reported).
 */
export function describeDefinition(
  name: string,
  definition: unknown,
  supported: boolean | undefined,
  report: (reason: string) => void,
): Omit<Zigbee2MqttDescription, "name" | "capabilities"> & { capabilities?: Capability[] } {
  const parsed = v.safeParse(Definition, definition);
  if (!parsed.success) {
    if (definition !== undefined && definition !== null) report(`${name}: definition is malformed`);
    return { model: null, vendor: null, ...(definition === null ? { capabilities: [] } : {}) };
  }
  const out: ReturnType<typeof describeDefinition> = {
    model: parsed.output.model ?? null,
    vendor: parsed.output.vendor ?? null,
  };
  if (parsed.output.description !== undefined) out.description = parsed.output.description;
  if (supported === false) out.capabilities = [];
  else if (parsed.output.exposes !== undefined)
    out.capabilities = capabilitiesOfExposes(name, parsed.output.exposes, report);
  return out;
}

/** True when `entry` or its definition (exposes aside: each is checked alone) has a prototype key. */
function entryHasPrototypeKey(entry: Record<string, unknown>): boolean {
  const definition = ownField(entry, "definition");
  if (typeof definition !== "object" || definition === null || Array.isArray(definition)) return hasPrototypeKey(entry);
  const { exposes: _exposes, ...rest } = definition as Record<string, unknown>;
  return hasPrototypeKey({ ...entry, definition: rest }) || PROTOTYPE_OWN.some((key) => Object.hasOwn(definition, key));
}
const PROTOTYPE_OWN = ["__proto__", "constructor", "prototype"];

/**
 * The devices of a retained `zigbee2mqtt/bridge/devices` payload (an array, Zigbee2MQTT 1.x and
 * 2.x): each but the coordinator, by `friendly_name` (and `ieee_address`), with `definition.model`,
 * `vendor`, `description` and its exposes as capabilities ({@link describeDefinition}). A device with
 * `supported: false`, no definition or a malformed one is kept with no capabilities. An entry without
 * a friendly name, with one unsafe as a topic segment (bridge/guards.ts isSafeDeviceName), nested
 * deeper than MAX_JSON_DEPTH, or with a `__proto__` / `constructor` / `prototype` key is left out and
 * reported. Undefined (reported) for a payload that is not a list, lists more than
 * {@link MAX_DEVICES_PER_SOURCE} entries, or has entries but neither a device nor the coordinator
 * among them (refused whole: the caller keeps what it knew). Never throws.
 */
export function describeBridgeDevices(
  payload: unknown,
  report: (reason: string) => void,
): Zigbee2MqttDescription[] | undefined {
  if (!Array.isArray(payload)) {
    report("zigbee2mqtt/bridge/devices is not a list of devices");
    return undefined;
  }
  if (payload.length > MAX_DEVICES_PER_SOURCE + 1) {
    report(
      `zigbee2mqtt/bridge/devices lists ${payload.length} entries, more than ${MAX_DEVICES_PER_SOURCE}: refused whole`,
    );
    return undefined;
  }
  const out: Zigbee2MqttDescription[] = [];
  let coordinator = false;
  for (const [position, entry] of payload.entries()) {
    if (!jsonDepthWithin(entry, MAX_JSON_DEPTH)) {
      report(`zigbee2mqtt/bridge/devices entry ${position} nests deeper than ${MAX_JSON_DEPTH}`);
      continue;
    }
    const parsed = v.safeParse(Z2mDevice, entry);
    if (!parsed.success) {
      report(`zigbee2mqtt/bridge/devices entry ${position} has no friendly_name`);
      continue;
    }
    const device = parsed.output;
    if (device.type === "Coordinator") {
      coordinator = true;
      continue;
    }
    if (!isSafeDeviceName(device.friendly_name)) {
      report(
        `zigbee2mqtt device name ${JSON.stringify(device.friendly_name.slice(0, 64))} is not a safe topic segment`,
      );
      continue;
    }
    if (entryHasPrototypeKey(entry as Record<string, unknown>)) {
      report(`zigbee2mqtt/bridge/devices entry ${position} has a __proto__, constructor or prototype key`);
      continue;
    }
    if (out.length >= MAX_DEVICES_PER_SOURCE) {
      report(`zigbee2mqtt/bridge/devices lists more than ${MAX_DEVICES_PER_SOURCE} devices: the rest are left out`);
      break;
    }
    const described = describeDefinition(device.friendly_name, device.definition ?? null, device.supported, report);
    out.push({
      name: device.friendly_name,
      ...(device.ieee_address !== undefined ? { ieee: device.ieee_address.slice(0, 32) } : {}),
      ...described,
      capabilities: described.capabilities ?? [],
    });
  }
  if (payload.length > 0 && out.length === 0 && !coordinator) {
    report("zigbee2mqtt/bridge/devices has no device and no coordinator: refused whole");
    return undefined;
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
