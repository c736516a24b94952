import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { sensorFreshnessAtom, sensorReadingAtom } from "../atoms";
import type { SensorKind } from "../schemas";
import { formatReading } from "./formatReading";
import { sensorAgeLabelAtom } from "./tileAtoms";

/** Props of {@link SensorTile}. */
export type SensorTileProps = { kind: SensorKind; place: string; label: string };

/**
 * One sensor reading (UI contract): `<article data-testid="sensor-<kind>-<place>"
 * data-freshness="fresh|outdated|stale" aria-label="<label>">` with the value and unit, the relative
 * time, and 'Nieaktualne' (outdated, 1 min) or 'Przestarzałe' (stale, 5 min). Without a reading: '—'
 * and stale. Reads only its own atoms, so a message for another topic does not re-render it.
 * The label comes from the hub's config and is rendered as text.
 */
export function SensorTile({ kind, place, label }: SensorTileProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === "en" ? "en" : "pl";
  const reading = useAtomValue(sensorReadingAtom(kind, place));
  const freshness = useAtomValue(sensorFreshnessAtom(kind, place)) ?? "stale";
  const age = useAtomValue(sensorAgeLabelAtom(kind, place, locale));
  const value =
    reading === null
      ? t("sensors.noReading")
      : formatReading(kind, reading.value, { open: t("sensors.doorOpen"), closed: t("sensors.doorClosed") });
  return (
    <article className="tile" data-testid={`sensor-${kind}-${place}`} data-freshness={freshness} aria-label={label}>
      <h3 className="tile__label">{label}</h3>
      <span className="tile__kind">{t(`sensors.kinds.${kind}`)}</span>
      <span className="tile__value" data-testid="sensor-value">
        {value}
      </span>
      {age !== null && (
        <span className="tile__age" data-testid="sensor-age">
          {age}
        </span>
      )}
      {freshness === "outdated" && <span className="tile__flag">{t("sensors.outdated")}</span>}
      {freshness === "stale" && <span className="tile__flag">{t("sensors.stale")}</span>}
    </article>
  );
}
