import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { sensorFreshnessAtom, sensorReadingAtom } from "../atoms";
import { readingParts, readingText } from "./formatReading";
import { batteryIcon, LOW_BATTERY_PERCENT } from "./kindIcon";

/** Props of {@link BatteryIndicator}. */
export type BatteryIndicatorProps = {
  place: string;
  /** The hub's label of the battery sensor ('Czujnik w ogrodzie'), read out before the level. */
  label: string;
};

/**
 * A battery reading (kind `batt`, %) shown small in its room's heading instead of a full tile
 *: a battery icon by level and the level ('97 %'). Same UI contract as a tile:
 * `data-testid="sensor-batt-<place>"` with `data-freshness` (loading, fresh, outdated, stale) and
 * `data-testid="sensor-value"`. At or under 20 % it turns amber with a warning icon; an outdated or
 * stale level says so in words ('Nieaktualne', 'Przestarzałe'); before the first reading a
 * skeleton (screen readers hear 'Ładowanie…'). Renders an `<li>`: put it in a list.
 */
export function BatteryIndicator({ place, label }: BatteryIndicatorProps) {
  const { t } = useTranslation();
  const reading = useAtomValue(sensorReadingAtom("batt", place));
  const freshness = useAtomValue(sensorFreshnessAtom("batt", place)) ?? "loading";
  const level = reading?.value ?? null;
  const Icon = batteryIcon(level);
  const low = level !== null && level <= LOW_BATTERY_PERCENT;
  const words = { open: t("sensors.doorOpen"), closed: t("sensors.doorClosed") };
  return (
    <li
      className={low ? "battery battery--low" : "battery"}
      data-testid={`sensor-batt-${place}`}
      data-freshness={freshness}
      title={label}
    >
      <Icon className="battery__icon" aria-hidden="true" />
      <span className="visually-hidden">{t("sensors.batteryOf", { label })} </span>
      {reading === null ? (
        <span className="battery__value" data-testid="sensor-value">
          <span className="skeleton skeleton--inline" aria-hidden="true" />
          <span className="visually-hidden">{t("sensors.loading")}</span>
        </span>
      ) : (
        <span className="battery__value" data-testid="sensor-value">
          {readingText(readingParts("batt", reading.value, words))}
        </span>
      )}
      {freshness === "outdated" && (
        <span className="battery__flag battery__flag--outdated">{t("sensors.outdated")}</span>
      )}
      {freshness === "stale" && <span className="battery__flag battery__flag--stale">{t("sensors.stale")}</span>}
    </li>
  );
}
