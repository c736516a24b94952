import { useAtomValue } from "jotai";
import type { Capability } from "../../../../contract/devices";
import { BinaryControl } from "./BinaryControl";
import { CoverControl } from "./CoverControl";
import { EnumControl } from "./EnumControl";
import { LockControl } from "./LockControl";
import { canSet } from "./model";
import { useCapabilityName } from "./name";
import { NumericControl } from "./NumericControl";
import { ReadOnlyValue } from "./ReadOnlyValue";
import { deviceValueAtom } from "./state";
import { TextControl } from "./TextControl";
import type { DeviceRef } from "./useCapabilityControl";

/** How deep composites are drawn (Zigbee2MQTT's nest two levels; anything deeper is not drawn). */
const MAX_DEPTH = 4;

/** Props of {@link CapabilityView}. */
export type CapabilityViewProps = {
  device: DeviceRef;
  capability: Capability;
  /** The device's label (a lock's confirmation names it). */
  label: string;
  depth?: number;
};

/**
 * Draws any capability by its type (Zigbee2MQTT frontend's Feature.tsx idea), so a device type never
 * seen needs no new component: a settable binary is a toggle, a settable numeric a slider or
 * stepper, a settable enum a choice, a settable text a field; a value without SET is read-only; a
 * cover, a lock and a climate have their own layout; a light, switch, fan or composite draws its
 * features as a group named by it; a composite under its own `property` (`color`, `level_config`)
 * shows its fields read-only. A set point (`*_setpoint`) is a stepper.
 */
export function CapabilityView({ device, capability, label, depth = 0 }: CapabilityViewProps) {
  if (depth > MAX_DEPTH) return null;
  switch (capability.type) {
    case "binary":
      return canSet(capability) ? (
        <BinaryControl device={device} capability={capability} />
      ) : (
        <ReadOnlyValue deviceId={device.id} offline={device.offline} capability={capability} deviceLabel={label} />
      );
    case "numeric":
      if (!canSet(capability))
        return (
          <ReadOnlyValue deviceId={device.id} offline={device.offline} capability={capability} deviceLabel={label} />
        );
      return (
        <NumericControl
          device={device}
          capability={capability}
          variant={capability.name?.endsWith("_setpoint") ? "stepper" : undefined}
        />
      );
    case "enum":
      return canSet(capability) && (capability.values?.length ?? 0) > 0 ? (
        <EnumControl device={device} capability={capability} />
      ) : (
        <ReadOnlyValue deviceId={device.id} offline={device.offline} capability={capability} deviceLabel={label} />
      );
    case "text":
      return canSet(capability) ? (
        <TextControl device={device} capability={capability} />
      ) : (
        <ReadOnlyValue deviceId={device.id} offline={device.offline} capability={capability} deviceLabel={label} />
      );
    case "cover":
      return <CoverControl device={device} capability={capability} />;
    case "lock":
      return <LockControl device={device} capability={capability} label={label} />;
    case "composite":
      if (capability.property !== undefined) return <CompositeValues device={device} capability={capability} />;
      return <FeatureGroup device={device} capability={capability} label={label} depth={depth} />;
    case "light":
    case "switch":
    case "fan":
    case "climate":
      return <FeatureGroup device={device} capability={capability} label={label} depth={depth} />;
    default:
      return null;
  }
}

/** A composite's features drawn one by one in a group named by the composite ('Światło (l2)', 'Termostat'). */
function FeatureGroup({ device, capability, label, depth }: Required<CapabilityViewProps>) {
  const name = useCapabilityName(capability);
  const features = capability.features ?? [];
  if (features.length === 0) return null;
  return (
    <div className={`capability-group capability-group--${capability.type}`} role="group" aria-label={name}>
      {features.map((feature, index) => (
        <CapabilityView
          key={`${feature.property ?? feature.type}-${String(index)}`}
          device={device}
          capability={feature}
          label={label}
          depth={depth + 1}
        />
      ))}
    </div>
  );
}

/** A composite published as one object (`color: {x, y}`): its leaf fields read-only. */
function CompositeValues({ device, capability }: { device: DeviceRef; capability: Capability }) {
  const name = useCapabilityName(capability);
  const value = useAtomValue(deviceValueAtom(device.id, capability.property ?? ""));
  const fields = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const leaves = (capability.features ?? []).filter((feature) => feature.property !== undefined && !feature.features);
  if (leaves.length === 0) return null;
  return (
    <div className="capability-group capability-group--composite" role="group" aria-label={name}>
      {leaves.map((feature) => (
        <ReadOnlyValue
          key={feature.property}
          deviceId={device.id}
          offline={device.offline}
          capability={feature}
          value={Object.hasOwn(fields, feature.property ?? "") ? (fields[feature.property ?? ""] ?? null) : null}
        />
      ))}
    </div>
  );
}
