import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import type { Capability } from "../../../../contract/devices";
import { useFormatValue } from "./format";
import { useCapabilityName } from "./name";
import { deviceFreshnessAtom, deviceValueAtom } from "./state";

/** Props of {@link ReadOnlyValue}. */
export type ReadOnlyValueProps = { deviceId: string; capability: Capability; value?: unknown };

/**
 * A value the device publishes but cannot be set (access without SET): its name, the value with its
 * unit ('21,5 °C'), and the state's freshness in words when it is not fresh ('Nieaktualne' after 1
 * minute, 'Przestarzałe' after 5). `value` overrides the live value (a composite's nested field).
 * `data-testid="capability-<property>"`, `data-freshness`.
 */
export function ReadOnlyValue({ deviceId, capability, value }: ReadOnlyValueProps) {
  const { t } = useTranslation();
  const name = useCapabilityName(capability);
  const format = useFormatValue();
  const live = useAtomValue(deviceValueAtom(deviceId, capability.property ?? ""));
  const freshness = useAtomValue(deviceFreshnessAtom(deviceId)) ?? "loading";
  const shown = value === undefined ? live : value;
  return (
    <div
      className="capability capability--value"
      data-testid={`capability-${capability.property ?? ""}`}
      data-freshness={freshness}
    >
      <span className="capability__name">{name}</span>
      <span className="capability__reading">{format(capability, shown)}</span>
      {freshness === "outdated" || freshness === "stale" ? (
        <span className={`capability__flag capability__flag--${freshness}`}>{t(`deviceTiles.${freshness}`)}</span>
      ) : null}
    </div>
  );
}
