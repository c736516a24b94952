import { useTranslation } from "react-i18next";
import type { Capability, ListedDevice } from "../schemas";

/** Props of {@link DeviceCapabilitiesSlot}. */
export type DeviceCapabilitiesSlotProps = { device: ListedDevice };

const nameOf = (capability: Capability): string =>
  capability.label ?? capability.name ?? capability.property ?? capability.type;

/**
 * SLOT for the device's capability tiles: the lead replaces this component's use in DeviceDetail
 * with `<DeviceCapabilities device={device} />` from `src/features/devices/capabilities` once that
 * is on main. Until then: the device's capabilities by name, read-only, or a line saying the hub
 * does not know them (an unsupported device: its raw state only).
 */
export function DeviceCapabilitiesSlot({ device }: DeviceCapabilitiesSlotProps) {
  const { t } = useTranslation();
  if (device.capabilities.length === 0) return <p className="muted">{t("devices.detail.noCapabilities")}</p>;
  return (
    <ul className="device-detail__capabilities" data-testid="device-capabilities-slot">
      {device.capabilities.map((capability, index) => (
        <li key={`${capability.property ?? capability.type}-${capability.endpoint ?? ""}-${index}`}>
          {nameOf(capability)}
          {capability.endpoint ? ` (${capability.endpoint})` : ""}
        </li>
      ))}
    </ul>
  );
}
