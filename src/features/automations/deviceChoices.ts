import { canSet, displayNameOf, isPublished, type Capability, type ListedDevice } from "../devices";

/** A capability that names one value (binary, numeric, enum, text, list) with its `property`, `name` and endpoint. */
export type CapabilityLeaf = Capability & { property: string; name: string };

/**
 * The values of a device's `capabilities` an automation can read or set, in the device's order: a
 * light's, switch's, cover's, climate's, lock's or fan's features walked, each with the endpoint of
 * its group when it names none itself; a `composite` value (a colour's `x` and `y`) is one value
 * whose parts are neither reported nor set alone, so its parts are left out.
 */
export function capabilityLeaves(capabilities: readonly Capability[], endpoint?: string): CapabilityLeaf[] {
  return capabilities.flatMap((capability): CapabilityLeaf[] => {
    const own = capability.endpoint ?? endpoint;
    if (capability.features) return capability.type === "composite" ? [] : capabilityLeaves(capability.features, own);
    if (capability.property === undefined || capability.name === undefined) return [];
    return [{ ...capability, property: capability.property, name: capability.name, endpoint: own }];
  });
}

/**
 * Which device and capability a `device` trigger or a `device.set` action names
 * (contract/automations.ts): `property` and, when the capability has one, `endpoint`.
 */
export type DeviceRef = { property: string; endpoint?: string | undefined };

/** A value a device reports or is set to (contract/automations.ts DeviceValueSchema). */
export type DeviceValue = string | number | boolean;

/** The leaf types a trigger compares and an action sets: a number, an on/off value, one of a list. */
const VALUE_TYPES = new Set(["numeric", "binary", "enum"]);

/**
 * The ref an automation stores for `leaf` of `device`, as the hub reads it
 * (hub/automations/device-trigger.ts, hub/devices/commands.ts findCapability): a Zigbee2MQTT
 * capability on an endpoint is its feature's name and the endpoint (`state_l2` -> `{property:
 * "state", endpoint: "l2"}`: the hub reads `<property>_<endpoint>`); a Tasmota one keeps its own
 * property with its endpoint (`{property: "POWER2", endpoint: "2"}`); one without endpoint its property.
 */
export function refOf(device: ListedDevice, leaf: CapabilityLeaf): DeviceRef {
  const { endpoint, property } = leaf;
  if (endpoint === undefined) return { property };
  if (device.source === "tasmota") return { property, endpoint };
  const suffix = `_${endpoint}`;
  return property.endsWith(suffix) && property.length > suffix.length
    ? { property: property.slice(0, -suffix.length), endpoint }
    : { property };
}

/** The text that identifies a ref among a device's (a select's option value). */
export function refKey(ref: DeviceRef): string {
  return `${ref.property}|${ref.endpoint ?? ""}`;
}

/** The capabilities a trigger can watch: published (access has read) numbers, on/off values and enums. */
export function triggerCapabilities(device: ListedDevice): CapabilityLeaf[] {
  return capabilityLeaves(device.capabilities).filter((leaf) => VALUE_TYPES.has(leaf.type) && isPublished(leaf));
}

/** The capabilities an action can set (access has set): numbers, on/off values and enums. */
export function settableCapabilities(device: ListedDevice): CapabilityLeaf[] {
  return capabilityLeaves(device.capabilities).filter((leaf) => VALUE_TYPES.has(leaf.type) && canSet(leaf));
}

/** The leaf of `leaves` (of `device`) that `ref` names, or undefined. */
export function findLeaf(
  device: ListedDevice,
  leaves: readonly CapabilityLeaf[],
  ref: DeviceRef,
): CapabilityLeaf | undefined {
  const key = refKey(ref);
  return leaves.find((leaf) => refKey(refOf(device, leaf)) === key);
}

/**
 * The devices a picker offers: those with at least one capability `capabilitiesOf` gives, hidden
 * ones left out (except `selected`, so an automation naming one still shows it), by name (Polish order).
 */
export function pickableDevices(
  devices: readonly ListedDevice[],
  capabilitiesOf: (device: ListedDevice) => readonly CapabilityLeaf[],
  selected: string,
): ListedDevice[] {
  return devices
    .filter(
      (device) => (device.adoption?.hidden !== true || device.id === selected) && capabilitiesOf(device).length > 0,
    )
    .sort((a, b) => displayNameOf(a).localeCompare(displayNameOf(b), "pl"));
}

/** The values of an on/off or enum capability a choice offers: `value_on`, `value_off` (and `value_toggle` for an action); an enum's values. */
export function valueChoices(leaf: CapabilityLeaf, withToggle: boolean): DeviceValue[] {
  if (leaf.type === "enum") return [...(leaf.values ?? [])];
  if (leaf.type !== "binary") return [];
  const values: DeviceValue[] = [leaf.value_on ?? true, leaf.value_off ?? false];
  if (withToggle && leaf.value_toggle !== undefined) values.push(leaf.value_toggle);
  return values;
}

/** A value as a select's option value (its JSON: `"ON"`, `true`, `3`). */
export const encodeValue = (value: DeviceValue): string => JSON.stringify(value);

/** An option value back as the value ({@link encodeValue}); anything else is undefined. */
export function decodeValue(text: string): DeviceValue | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "string" ||
      typeof value === "boolean" ||
      (typeof value === "number" && Number.isFinite(value))
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A device picker's options: 'wybierz', then `listed`; a device the automation names that the hub no
 * longer lists (or not yet) stays offered under its id's name, so the picker shows what is stored.
 */
export function deviceOptions(
  choose: { value: string; label: string },
  listed: readonly ListedDevice[],
  selected: string,
  nameOf: (id: string) => string,
): { value: string; label: string }[] {
  const options = [choose, ...listed.map((item) => ({ value: item.id, label: nameOf(item.id) }))];
  return selected === "" || listed.some((item) => item.id === selected)
    ? options
    : [...options, { value: selected, label: nameOf(selected) }];
}

/**
 * Why `value` is outside numeric capability `leaf`'s `value_min` .. `value_max`: the i18n key
 * (`between`, `atLeast`, `atMost` under automations.editor) and its values; null when it fits or
 * the capability names no bound.
 */
export function boundsProblem(
  leaf: CapabilityLeaf,
  value: unknown,
): { key: string; values: Record<string, number> } | null {
  if (leaf.type !== "numeric" || typeof value !== "number") return null;
  const { value_min: min, value_max: max } = leaf;
  if ((min === undefined || value >= min) && (max === undefined || value <= max)) return null;
  if (min !== undefined && max !== undefined) return { key: "automations.editor.between", values: { min, max } };
  return min !== undefined
    ? { key: "automations.editor.atLeast", values: { min } }
    : { key: "automations.editor.atMost", values: { max: max ?? 0 } };
}
