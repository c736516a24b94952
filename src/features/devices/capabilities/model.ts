import * as v from "valibot";
import { ACCESS_READ, ACCESS_SET, CapabilitySchema, type Capability } from "../../../../contract/devices";
import type { Adoption } from "../../../../contract/adoption";

/**
 * Pure rules of the capability tiles (Zigbee2MQTT's exposes vocabulary, contract/devices.ts): which
 * capability can be set, how it is laid out, which one is a device's main control, and how a set
 * value is confirmed by the device's own state.
 */

/** True when the capability can be set (`access` has the SET bit). */
export const canSet = (capability: Capability): boolean => ((capability.access ?? 0) & ACCESS_SET) !== 0;

/** True when the device publishes the capability's value (`access` has the READ bit), so a set can be confirmed. */
export const isPublished = (capability: Capability): boolean => ((capability.access ?? 0) & ACCESS_READ) !== 0;

/**
 * The capabilities that pass CapabilitySchema; anything else (an unknown type, a leaf without
 * property, a value of the wrong type) is left out, so a malformed definition draws nothing and
 * breaks nothing around it.
 */
export function validCapabilities(capabilities: readonly unknown[]): Capability[] {
  const valid: Capability[] = [];
  for (const item of capabilities) {
    const parsed = v.safeParse(CapabilitySchema, item);
    if (parsed.success) valid.push(parsed.output);
  }
  return valid;
}

/** The leaf named `name` among a composite's features (first match), or undefined. */
export function featureNamed(capability: Capability, ...names: string[]): Capability | undefined {
  for (const name of names) {
    const found = capability.features?.find((feature) => feature.name === name && feature.property !== undefined);
    if (found) return found;
  }
  return undefined;
}

/** Features a light, climate or cover draws itself; the rest of a composite goes under 'Więcej'. */
const OWN_FEATURES: Partial<Record<Capability["type"], readonly string[]>> = {
  light: ["state", "brightness", "color_temp"],
  climate: [
    "occupied_heating_setpoint",
    "current_heating_setpoint",
    "system_mode",
    "local_temperature",
    "running_state",
  ],
  cover: ["state", "position", "tilt"],
  lock: ["state", "lock_state"],
};

/** A device's capabilities split into what is shown at once (`main`) and under 'Więcej' (`more`). */
export type CapabilityLayout = { main: Capability[]; more: Capability[] };

/**
 * Lays a device's capabilities out as Zigbee2MQTT's frontend groups them: `config` and `diagnostic`
 * categories go under 'Więcej'; a light, climate, cover or lock keeps the features it draws itself
 * (OWN_FEATURES) and the rest of its features (colour, start-up values) go under 'Więcej' as leaves.
 */
export function layoutCapabilities(capabilities: readonly Capability[]): CapabilityLayout {
  const main: Capability[] = [];
  const more: Capability[] = [];
  for (const capability of capabilities) {
    if (capability.category !== undefined) {
      more.push(capability);
      continue;
    }
    const own = OWN_FEATURES[capability.type];
    if (own === undefined || capability.features === undefined) {
      main.push(capability);
      continue;
    }
    const kept = capability.features.filter((feature) => feature.name !== undefined && own.includes(feature.name));
    main.push({ ...capability, features: kept });
    more.push(...capability.features.filter((feature) => !kept.includes(feature)));
  }
  return { main, more };
}

/** Leaf values that are diagnostics of every device, shown in the tile's footer, not as a value. */
const FOOTER_PROPERTIES = new Set(["battery", "linkquality", "last_seen"]);

/**
 * The capability a compact tile shows (home, the car dashboard), in this order: the one the
 * adoption's `use` names (its property, or its endpoint), a lock, a cover, a climate, a light, a
 * switch, a settable binary (a plug's `state`), then the first published numeric or binary value
 * that is not a diagnostic (a sensor's temperature, leak, occupancy). Null when none fits.
 */
export function mainCapability(capabilities: readonly Capability[], adoption?: Adoption | null): Capability | null {
  const candidates = capabilities.filter((capability) => capability.category === undefined);
  const use = adoption?.use;
  if (use !== undefined) {
    const property = use.as === "sensor" ? use.property : undefined;
    const found = candidates.find(
      (capability) =>
        (property !== undefined && capability.property === property) ||
        (property === undefined && use.endpoint !== undefined && capability.endpoint === use.endpoint),
    );
    if (found) return found;
  }
  for (const type of ["lock", "cover", "climate", "light", "switch"] as const) {
    const found = candidates.find((capability) => capability.type === type);
    if (found) return found;
  }
  const settable = candidates.find((capability) => capability.type === "binary" && canSet(capability));
  if (settable) return settable;
  return (
    candidates.find(
      (capability) =>
        (capability.type === "numeric" || capability.type === "binary") &&
        isPublished(capability) &&
        !FOOTER_PROPERTIES.has(capability.property ?? ""),
    ) ?? null
  );
}

/** Enums with at most this many values are segmented buttons; more are a select (Zigbee2MQTT's frontend: 6). */
export const SEGMENTED_MAX = 5;

/** True when two values are the same as a device reports them (primitives compared as they are, objects by their JSON). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The value a binary toggle sends: `value_off` when the device reports `value_on`, else `value_on`
 * (defaults `true` / `false`, as Zigbee2MQTT's `contact` and friends use booleans).
 */
export function toggledValue(capability: Capability, current: unknown): string | number | boolean {
  const on = capability.value_on ?? true;
  const off = capability.value_off ?? false;
  return sameValue(current, on) ? off : on;
}

/** The numeric bounds and step of a numeric capability (step 1 when it names none). */
export function numericBounds(capability: Capability): { min?: number; max?: number; step: number } {
  return {
    ...(capability.value_min === undefined ? {} : { min: capability.value_min }),
    ...(capability.value_max === undefined ? {} : { max: capability.value_max }),
    step: capability.value_step ?? 1,
  };
}

/** `value` moved by `steps` steps of `step`, kept within min and max and rounded to the step's decimals. */
export function stepped(value: number, steps: number, bounds: { min?: number; max?: number; step: number }): number {
  const decimals = (String(bounds.step).split(".")[1] ?? "").length;
  let next = Number((value + steps * bounds.step).toFixed(decimals));
  if (bounds.min !== undefined) next = Math.max(bounds.min, next);
  if (bounds.max !== undefined) next = Math.min(bounds.max, next);
  return next;
}

/**
 * A capability as a compact tile draws it: a light keeps only its state toggle, a climate only its
 * set point (occupied_heating_setpoint, else current_heating_setpoint); anything else as it is.
 */
export function compactCapability(capability: Capability): Capability {
  const keep =
    capability.type === "light"
      ? featureNamed(capability, "state")
      : capability.type === "climate"
        ? featureNamed(capability, "occupied_heating_setpoint", "current_heating_setpoint")
        : undefined;
  return keep === undefined ? capability : { ...capability, features: [keep] };
}
