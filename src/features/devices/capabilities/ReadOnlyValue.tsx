import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import type { Capability } from "../../../../contract/devices";
import { useFormatValue } from "./format";
import { useCapabilityName } from "./name";
import { deviceStateAtom, deviceValueAtom } from "./state";

/** Props of {@link ReadOnlyValue}. */
export type ReadOnlyValueProps = { deviceId: string; capability: Capability; value?: unknown; offline?: boolean };

/**
 * A value the device publishes but cannot be set (access without SET): its name, the value with its
 * unit ('21,5 °C'), and 'Przestarzałe' while the device is `offline` (its source says so: Zigbee2MQTT's
 * availability, Tasmota's LWT). A device's values are reported on change (Zigbee2MQTT) or every
 * TelePeriod (Tasmota, 5 min by default), so their age alone says nothing wrong: a contact sensor
 * reporting once a day is current; the age shows as the tile's last seen. Spec §9's 1 and 5 minute
 * flags stay on the spec's sensor tiles, which an adopted sensor feeds. `value` overrides the live
 * value (a composite's nested field). `data-testid="capability-<property>"`, `data-freshness`.
 */
export function ReadOnlyValue({ deviceId, capability, value, offline = false }: ReadOnlyValueProps) {
  const { t } = useTranslation();
  const name = useCapabilityName(capability);
  const format = useFormatValue();
  const live = useAtomValue(deviceValueAtom(deviceId, capability.property ?? ""));
  const received = useAtomValue(deviceStateAtom(deviceId)) !== null;
  const freshness = !received && value === undefined ? "loading" : offline ? "stale" : "fresh";
  const shown = value === undefined ? live : value;
  return (
    <div
      className="capability capability--value"
      data-testid={`capability-${capability.property ?? ""}`}
      data-freshness={freshness}
    >
      <span className="capability__name">{name}</span>
      <span className="capability__reading">{format(capability, shown)}</span>
      {freshness === "stale" ? (
        <span className={`capability__flag capability__flag--${freshness}`}>{t(`deviceTiles.${freshness}`)}</span>
      ) : null}
    </div>
  );
}
