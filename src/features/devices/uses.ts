import { ACCESS_READ, ACCESS_SET, type Capability } from "../../../contract/devices";

/** What a device can stand for (contract/adoption.ts DeviceUse `as`). */
export const DEVICE_USES = ["switch", "sensor", "garage", "gate", "heater", "solar"] as const;
/** One of {@link DEVICE_USES}. */
export type DeviceUseKind = (typeof DEVICE_USES)[number];

/**
 * One capability a use can take: `key` identifies it among the device's (`<property>|<endpoint>`
 * for a value, `<endpoint>` for a cover or climate), `property` and `endpoint` as the adoption
 * stores them, `name` and `unit` to show it.
 */
export type CapabilityChoice = {
  key: string;
  property: string;
  endpoint?: string | undefined;
  name: string;
  unit?: string | undefined;
  /** For `solar`: the energy counter (kWh) beside the power, same endpoint, when the device has one. */
  energy?: string | undefined;
};

/** Every capability a use could take, by use; an empty list: the device cannot be used that way. */
export type UseChoices = Record<DeviceUseKind, readonly CapabilityChoice[]>;

type Leaf = Capability & { property: string; name: string };

/** The leaves (binary, numeric, enum, text) of `capabilities`, composites walked; a leaf takes its composite's endpoint when it has none. */
function leavesOf(capabilities: readonly Capability[], endpoint?: string): Leaf[] {
  return capabilities.flatMap((capability): Leaf[] => {
    const own = capability.endpoint ?? endpoint;
    if (capability.features) return leavesOf(capability.features, own);
    if (capability.property === undefined || capability.name === undefined) return [];
    return [{ ...capability, property: capability.property, name: capability.name, endpoint: own }];
  });
}

/** The composites of `type` anywhere in `capabilities`. */
function compositesOf(capabilities: readonly Capability[], type: Capability["type"]): Capability[] {
  return capabilities.flatMap((capability) => [
    ...(capability.type === type ? [capability] : []),
    ...compositesOf(capability.features ?? [], type),
  ]);
}

const leafChoice = (leaf: Leaf): CapabilityChoice => ({
  key: `${leaf.property}|${leaf.endpoint ?? ""}`,
  property: leaf.property,
  endpoint: leaf.endpoint,
  name: leaf.label ?? leaf.name,
  unit: leaf.unit,
});

const compositeChoice = (composite: Capability): CapabilityChoice => {
  const endpoint = composite.endpoint ?? composite.features?.find((feature) => feature.endpoint)?.endpoint;
  return { key: endpoint ?? "", property: composite.property ?? composite.type, endpoint, name: composite.type };
};

/**
 * What `capabilities` (a device's, contract/devices.ts) let it stand for (spec: adoption 'Używaj
 * jako'): a switch needs a settable binary `state` (one choice per relay endpoint); a sensor a
 * readable numeric or binary value (configuration values left out); the garage door or the gate a
 * cover; the heater a climate; solar a readable power in W (with the kWh counter of its endpoint).
 * Each list keeps the device's order.
 */
export function choicesOf(capabilities: readonly Capability[]): UseChoices {
  const leaves = leavesOf(capabilities);
  const covers = compositesOf(capabilities, "cover").map(compositeChoice);
  return {
    switch: leaves
      .filter((leaf) => leaf.type === "binary" && leaf.name === "state" && ((leaf.access ?? 0) & ACCESS_SET) !== 0)
      .map(leafChoice),
    sensor: leaves
      .filter(
        (leaf) =>
          (leaf.type === "numeric" || leaf.type === "binary") &&
          ((leaf.access ?? 0) & ACCESS_READ) !== 0 &&
          leaf.category !== "config",
      )
      .map(leafChoice),
    garage: covers,
    gate: covers,
    heater: compositesOf(capabilities, "climate").map(compositeChoice),
    solar: leaves
      .filter((leaf) => leaf.type === "numeric" && leaf.unit === "W" && ((leaf.access ?? 0) & ACCESS_READ) !== 0)
      .map((leaf) => ({
        ...leafChoice(leaf),
        energy: leaves.find(
          (other) => other.type === "numeric" && other.unit === "kWh" && other.endpoint === leaf.endpoint,
        )?.property,
      })),
  };
}
