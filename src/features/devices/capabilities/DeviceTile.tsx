import { useMemo } from "react";
import type { Adoption } from "../../../../contract/adoption";
import type { Device } from "../../../../contract/devices";
import { CapabilityView } from "./Capability";
import { DeviceStatus } from "./DeviceStatus";
import { compactCapability, layoutCapabilities, mainCapability, validCapabilities } from "./model";
import type { DeviceRef } from "./useCapabilityControl";
import "./capabilities.css";

/** Props of {@link DeviceTile}. */
export type DeviceTileProps = {
  device: Device;
  adoption?: Adoption | null | undefined;
  /** `car`: the car dashboard's larger touch targets (76 px). */
  variant?: "home" | "car";
};

/**
 * A compact device tile (home, the car dashboard): an `<article>` named by the adoption's label (or
 * the device's name), its main capability's control (mainCapability: a lock, a cover's position and
 * moves, a climate's set point, a light's or plug's state toggle, else its main read-only value), and
 * its status: availability ('Niedostępne' when offline, which disables its controls), battery and
 * last seen. `data-testid="device-tile-<id>"`, `data-availability`.
 */
export function DeviceTile({ device, adoption, variant = "home" }: DeviceTileProps) {
  const label = adoption?.label ?? device.name;
  const main = useMemo(() => {
    const found = mainCapability(layoutCapabilities(validCapabilities(device.capabilities)).main, adoption);
    return found === null ? null : compactCapability(found);
  }, [device.capabilities, adoption]);
  const ref: DeviceRef = useMemo(
    () => ({ id: device.id, offline: device.availability === "offline" }),
    [device.id, device.availability],
  );
  return (
    <article
      className={`device-tile device-tile--${variant}`}
      aria-label={label}
      data-testid={`device-tile-${device.id}`}
      data-availability={device.availability}
    >
      <h3 className="device-tile__title">{label}</h3>
      <div className="device-tile__body">
        {main ? <CapabilityView device={ref} capability={main} label={label} /> : null}
      </div>
      <DeviceStatus id={device.id} availability={device.availability} lastSeen={device.lastSeen} />
    </article>
  );
}
