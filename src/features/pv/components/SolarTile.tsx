import { useAtomValue } from "jotai";
import { Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { localeAtom } from "../../../platform/preferences/atoms";
import { FreshnessFlags } from "../../../ui/FreshnessFlags";
import { Tile, TileSkeleton, TileValue, type TileFreshness } from "../../../ui/Tile";
import { solarAgeAtom, solarFreshnessAtom, solarReadingAtom, type SolarInstallation } from "../live";
import { formatKwh, powerParts } from "./format";

/**
 * An adopted inverter's live tile (home and the car dashboard): `<article data-testid="solar-<name>"
 * data-freshness="loading|fresh|outdated|stale">` with the power now as the largest thing ('2,64 kW',
 * `data-testid="solar-power"`), today's yield under it ('dziś 0,954 kWh', `solar-today`), and in the
 * footer the reading's age and its flag: 'Ładowanie…' before the first, 'Nieaktualne' after 1 minute,
 * 'Przestarzałe' after 5 (spec §9), each with its own icon. Reads only its installation's atoms.
 */
export function SolarTile({ installation }: { installation: SolarInstallation }) {
  const { t } = useTranslation();
  const locale = useAtomValue(localeAtom);
  const { name, label } = installation;
  const reading = useAtomValue(solarReadingAtom(name));
  const freshness: TileFreshness = useAtomValue(solarFreshnessAtom(name)) ?? "loading";
  const age = useAtomValue(solarAgeAtom(name, locale));
  const parts = reading === null ? null : powerParts(reading.power, locale);
  const footer = (
    <>
      {age !== null && <span className="tile__age">{age}</span>}
      <FreshnessFlags
        freshness={freshness}
        labels={{ loading: t("sensors.loading"), outdated: t("sensors.outdated"), stale: t("sensors.stale") }}
      />
    </>
  );
  return (
    <Tile
      testId={`solar-${name}`}
      freshness={freshness}
      name={t("pv.tile.name", { label })}
      icon={<Sun />}
      title={t("pv.tile.title")}
      subtitle={label}
      footer={footer}
    >
      <div className="solar-tile__body">
        {parts === null ? (
          <TileSkeleton testId="solar-power" />
        ) : (
          <TileValue text={parts.text} unit={parts.unit} spaced testId="solar-power" />
        )}
        <p className="solar-tile__today" data-testid="solar-today">
          {reading?.today === null || reading === null
            ? t("pv.tile.todayUnknown")
            : t("pv.tile.today", { energy: formatKwh(reading.today, locale) })}
        </p>
      </div>
    </Tile>
  );
}
