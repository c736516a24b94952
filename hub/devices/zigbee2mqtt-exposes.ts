import * as v from "valibot";
import { CAPABILITY_LIMITS, CapabilitySchema, type Capability } from "../../contract/devices";
import { jsonDepthWithin } from "../../src/shared/jsonDepth";
import { ownField } from "../bridge/guards";

/** Most exposes one Zigbee2MQTT definition may list (top level); a longer list is refused whole. */
export const MAX_EXPOSES = 128;
/**
 * Deepest JSON nesting of one expose: a light's `level_config` composite with a numeric's presets is
 * 7 (light, features, composite, features, numeric, presets, preset).
 */
const MAX_EXPOSE_DEPTH = 10;

const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype"];

/**
 * True when `value` (JSON, already within a depth bound) has an own key `__proto__`, `constructor`
 * or `prototype` at any level: what `JSON.parse` makes of a hostile payload, refused before any copy.
 */
export function hasPrototypeKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== "object" || item === null) continue;
    if (Array.isArray(item)) {
      stack.push(...(item as unknown[]));
      continue;
    }
    for (const key of PROTOTYPE_KEYS) if (Object.hasOwn(item, key)) return true;
    stack.push(...Object.values(item));
  }
  return false;
}

/**
 * `expose` with every `description` longer than the contract's {@link CAPABILITY_LIMITS}.description
 * cut to it (ending in `…`): Zigbee2MQTT's descriptions are prose (a Danfoss valve's
 * `external_measured_room_sensor` has 1,300 characters) and only ever shown. Copies what it changes.
 */
function clipDescriptions(expose: unknown): unknown {
  if (Array.isArray(expose)) return expose.map(clipDescriptions);
  if (typeof expose !== "object" || expose === null) return expose;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(expose)) {
    out[key] =
      key === "description" && typeof value === "string" && value.length > CAPABILITY_LIMITS.description
        ? `${value.slice(0, CAPABILITY_LIMITS.description - 1)}…`
        : clipDescriptions(value);
  }
  return out;
}

/** How many capabilities `list` holds, nested features and list items counted. */
export function capabilityCount(list: readonly Capability[]): number {
  let count = 0;
  const stack = [...list];
  while (stack.length > 0) {
    const item = stack.pop();
    count += 1;
    if (item?.features) stack.push(...item.features);
    if (item?.item_type) stack.push(item.item_type);
  }
  return count;
}

/**
 * A definition's `exposes` validated as capabilities (contract/devices.ts CapabilitySchema, field
 * names unchanged; unknown fields left out; descriptions over 512 characters cut): an expose outside
 * the vocabulary (a leaf without name/property/access), nested deeper than 10 (JSON levels) or with a
 * `__proto__` / `constructor` / `prototype` key is left out and reported; a list over
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
    if (!jsonDepthWithin(expose, MAX_EXPOSE_DEPTH)) {
      report(`${name}: expose ${position} nests deeper than ${MAX_EXPOSE_DEPTH}`);
      return;
    }
    if (hasPrototypeKey(expose)) {
      report(`${name}: expose ${position} has a __proto__, constructor or prototype key`);
      return;
    }
    const parsed = v.safeParse(CapabilitySchema, clipDescriptions(expose));
    if (parsed.success) out.push(parsed.output);
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
