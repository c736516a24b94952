import { useAtomValue } from "jotai";
import { Wind } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FreshnessFlags } from "../../../ui/FreshnessFlags";
import { Tile, type TileFreshness } from "../../../ui/Tile";
import { readingParts, readingText } from "../../sensors";
import { airQualityAtom } from "../atoms";
import "./weather.css";

/** Props of {@link AirQualityTile}. */
export type AirQualityTileProps = { place: string; label: string };

/**
 * The air quality at one place (spec §9): the class as a word ('Tragiczna', 'Zła', 'Średnia',
 * 'Dobra', 'Nieznana') as the tile's main value, coloured and marked per class
 * (`data-testid="air-quality-<place>"`, `data-class`), with both PM readings under it and the
 * freshness flag of the older of the two ('Nieaktualne' after 1 minute, 'Przestarzałe' after 5).
 */
export function AirQualityTile({ place, label }: AirQualityTileProps) {
  const { t } = useTranslation();
  const quality = useAtomValue(airQualityAtom(place));
  const freshness: TileFreshness = quality.freshness ?? "loading";
  const door = { open: "", closed: "" };
  const pm = (value: number | null, kind: "pm25" | "pm10") =>
    value === null ? t("sensors.noReading") : readingText(readingParts(kind, value, door));
  return (
    <div className="air-quality" data-testid={`air-quality-${place}`} data-class={quality.cls}>
      <Tile
        freshness={freshness}
        name={t("weather.airQualityOf", { label })}
        icon={<Wind />}
        title={t("weather.airQuality")}
        subtitle={label}
        footer={
          <FreshnessFlags
            freshness={freshness}
            labels={{ loading: t("sensors.loading"), outdated: t("sensors.outdated"), stale: t("sensors.stale") }}
          />
        }
      >
        <p className="air-quality__class" data-testid="air-quality-class">
          {t(`weather.classes.${quality.cls}`)}
        </p>
        <dl className="air-quality__values">
          <div>
            <dt>{t("sensors.kinds.pm25")}</dt>
            <dd data-testid="air-quality-pm25">{pm(quality.pm25, "pm25")}</dd>
          </div>
          <div>
            <dt>{t("sensors.kinds.pm10")}</dt>
            <dd data-testid="air-quality-pm10">{pm(quality.pm10, "pm10")}</dd>
          </div>
        </dl>
      </Tile>
    </div>
  );
}
