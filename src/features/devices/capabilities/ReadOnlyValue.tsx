import { useAtomValue } from "jotai";
import { ChartLine } from "lucide-react";
import { Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  DEVICE_VALUE_EVENT,
  deviceValueSeries,
  isRecordedCapability,
  recordedValue,
} from "../../../../contract/device-history";
import type { Capability } from "../../../../contract/devices";
import { commandEnvAtom } from "../../../platform/commands";
import { useModalPresence } from "../../../ui/useModalPresence";
import { LazySeriesHistoryDialog } from "../../history";
import { useFormatValue } from "./format";
import { useCapabilityName } from "./name";
import { deviceStateAtom, deviceValueAtom } from "./state";

/** Props of {@link ReadOnlyValue}. */
export type ReadOnlyValueProps = {
  deviceId: string;
  capability: Capability;
  value?: unknown;
  offline?: boolean;
  /** The device's label, naming its chart ('Wykres dnia: Temperatura, Balkon'); default: the name in its id. */
  deviceLabel?: string;
};

/**
 * A value the device publishes but cannot be set (access without SET): its name, the value with its
 * unit ('21,5 °C'), and 'Przestarzałe' while the device is `offline` (its source says so: Zigbee2MQTT's
 * availability, Tasmota's LWT). A device's values are reported on change (Zigbee2MQTT) or every
 * TelePeriod (Tasmota, 5 min by default), so their age alone says nothing wrong: a contact sensor
 * reporting once a day is current; the age shows as the tile's last seen. Spec §9's 1 and 5 minute
 * flags stay on the spec's sensor tiles, which an adopted sensor feeds. `value` overrides the live
 * value (a composite's nested field). `data-testid="capability-<property>"`, `data-freshness`.
 * A value the hub records (contract/device-history.ts isRecordedCapability: numeric or binary, not a
 * diagnostic) has its name as a button 'Historia: <name>' covering the whole row, which opens its
 * chart of the day (`device_value` of `<id>/<property>`, GET /events/day), loaded lazily with uPlot.
 */
export function ReadOnlyValue({ deviceId, capability, value, offline = false, deviceLabel }: ReadOnlyValueProps) {
  const { t } = useTranslation();
  const name = useCapabilityName(capability);
  const format = useFormatValue();
  const live = useAtomValue(deviceValueAtom(deviceId, capability.property ?? ""));
  const received = useAtomValue(deviceStateAtom(deviceId)) !== null;
  const general = useAtomValue(commandEnvAtom)?.api.general;
  const [shown, setShown] = useState(false);
  const rendered = useModalPresence(shown);
  const formatValue = useCallback(
    (recorded: number) => formatRecorded(format, capability, recorded),
    [format, capability],
  );
  const freshness = !received && value === undefined ? "loading" : offline ? "stale" : "fresh";
  const shownValue = value === undefined ? live : value;
  const charted = general !== undefined && value === undefined && isRecordedCapability(capability);
  return (
    <div
      className={`capability capability--value${charted ? " capability--charted" : ""}`}
      data-testid={`capability-${capability.property ?? ""}`}
      data-freshness={freshness}
    >
      {charted ? (
        <button
          type="button"
          className="capability__history"
          aria-label={t("deviceTiles.history", { name })}
          onClick={() => setShown(true)}
        >
          <span className="capability__name">{name}</span>
          <ChartLine className="capability__history-icon" size={16} aria-hidden="true" />
        </button>
      ) : (
        <span className="capability__name">{name}</span>
      )}
      <span className="capability__reading">{format(capability, shownValue)}</span>
      {freshness === "stale" ? (
        <span className={`capability__flag capability__flag--${freshness}`}>{t(`deviceTiles.${freshness}`)}</span>
      ) : null}
      {charted && rendered && (
        <Suspense fallback={null}>
          <LazySeriesHistoryDialog
            series={{
              event: DEVICE_VALUE_EVENT,
              device: deviceValueSeries(deviceId, capability.property ?? ""),
              kindName: name,
              label: deviceLabel ?? deviceId.slice(deviceId.indexOf(":") + 1),
              formatValue,
              current: recordedValue(capability, shownValue),
            }}
            general={general}
            open={shown}
            onClose={() => setShown(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * A recorded value as people read it: a number with its unit; a binary's 1 and 0 in its own words
 * ('Wyciek!', 'Sucho'), an average between them as the share of the time it was on ('25 %').
 */
function formatRecorded(
  format: (capability: Capability, value: unknown) => string,
  capability: Capability,
  recorded: number,
): string {
  if (capability.type !== "binary") return format(capability, recorded);
  if (recorded >= 1) return format(capability, capability.value_on ?? true);
  if (recorded <= 0) return format(capability, capability.value_off ?? false);
  return `${String(Math.round(recorded * 100))} %`;
}
