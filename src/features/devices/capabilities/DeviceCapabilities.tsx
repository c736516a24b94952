import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Device } from "../../../../contract/devices";
import { CapabilityView } from "./Capability";
import { DeviceStatus } from "./DeviceStatus";
import { layoutCapabilities, validCapabilities } from "./model";
import { deviceStateAtom } from "./state";
import type { DeviceRef } from "./useCapabilityControl";
import "./capabilities.css";

/** Props of {@link DeviceCapabilities}. */
export type DeviceCapabilitiesProps = {
  device: Device;
  /** The name a lock's confirmation uses (the adoption's label); default the device's name. */
  label?: string | undefined;
};

/**
 * Every capability of a device drawn from its exposes (the device detail of /devices), as
 * Zigbee2MQTT's frontend does: the controls and values first, `config` and `diagnostic` ones and a
 * composite's less used features collapsed under 'Więcej'; its status (availability, battery, last
 * seen) at the bottom. A capability that fails the contract's schema draws nothing. A device without
 * capabilities (unsupported, no definition) says 'To urządzenie nie ma elementów sterowania.' and
 * shows its raw state values. Every control goes through the one command gate; the registry's
 * `availability` offline disables them ('Urządzenie jest niedostępne.').
 */
export function DeviceCapabilities({ device, label }: DeviceCapabilitiesProps) {
  const { t } = useTranslation();
  const layout = useMemo(() => layoutCapabilities(validCapabilities(device.capabilities)), [device.capabilities]);
  const ref: DeviceRef = useMemo(
    () => ({ id: device.id, offline: device.availability === "offline" }),
    [device.id, device.availability],
  );
  const shownLabel = label ?? device.name;
  const empty = layout.main.length === 0 && layout.more.length === 0;
  return (
    <div className="device-capabilities" data-testid="device-capabilities" data-availability={device.availability}>
      {empty ? (
        <>
          <p className="capability__note">{t("deviceTiles.noControls")}</p>
          <RawValues id={device.id} />
        </>
      ) : null}
      {layout.main.map((capability, index) => (
        <CapabilityView
          key={`${capability.property ?? capability.type}-${capability.endpoint ?? ""}-${String(index)}`}
          device={ref}
          capability={capability}
          label={shownLabel}
        />
      ))}
      {layout.more.length > 0 ? (
        <details className="device-capabilities__more">
          <summary className="device-capabilities__summary">{t("deviceTiles.more")}</summary>
          {layout.more.map((capability, index) => (
            <CapabilityView
              key={`${capability.property ?? capability.type}-${capability.endpoint ?? ""}-${String(index)}`}
              device={ref}
              capability={capability}
              label={shownLabel}
            />
          ))}
        </details>
      ) : null}
      <DeviceStatus id={device.id} availability={device.availability} lastSeen={device.lastSeen} />
    </div>
  );
}

/** Most raw values listed for a device without capabilities. */
const RAW_MAX = 64;

/** The raw state of a device without capabilities: each value as `<key>: <value>` (JSON), sorted by key. */
function RawValues({ id }: { id: string }) {
  const state = useAtomValue(deviceStateAtom(id));
  if (state === null) return null;
  const entries = Object.entries(state.values)
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(0, RAW_MAX);
  return (
    <dl className="device-capabilities__raw">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{typeof value === "string" ? value : JSON.stringify(value).slice(0, 120)}</dd>
        </div>
      ))}
    </dl>
  );
}
