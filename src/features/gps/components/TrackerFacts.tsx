import { useAtomValue } from "jotai";
import { Battery, Clock, House, MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { freshnessOf } from "../../../shared/freshness";
import { formatRelativeTime } from "../../../shared/relativeTime";
import { nowAtom } from "../../../platform/clock/atoms";
import { localeAtom } from "../../../platform/preferences/atoms";
import type { GpsEntry } from "../atoms";
import { formatCoordinates, formatDistance } from "../format";

/**
 * What the tracker said, in words: the distance from home (the largest), inside or
 * outside the radius, the coordinates, the battery and how fresh the fix is ('Aktualne',
 * 'Nieaktualne' after 1 min, 'Przestarzałe' after 5 min, from the fix's own time). Shown with or
 * without the map, so the screen is useful with no tile server and offline.
 */
export function TrackerFacts({ state }: { state: GpsEntry }) {
  const { t } = useTranslation();
  const locale = useAtomValue(localeAtom);
  const now = useAtomValue(nowAtom);
  const fixMs = Date.parse(state.time);
  const freshness = freshnessOf(Math.max(0, now - fixMs));
  const radius = formatDistance(state.radiusM, locale);
  return (
    <dl className="gps-facts" data-freshness={freshness} data-testid="gps-facts">
      <div className="gps-facts__item gps-facts__item--main">
        <dt>
          <House aria-hidden="true" /> {t("gps.distance")}
        </dt>
        <dd data-testid="gps-distance" className="gps-facts__distance">
          {formatDistance(state.distanceM, locale)}
        </dd>
        <dd className="gps-facts__zone" data-outside={state.outside}>
          {state.outside ? t("gps.outside", { radius }) : t("gps.inside", { radius })}
        </dd>
      </div>
      <div className="gps-facts__item">
        <dt>
          <MapPin aria-hidden="true" /> {t("gps.position")}
        </dt>
        <dd data-testid="gps-coordinates">{formatCoordinates(state.lat, state.lon, locale)}</dd>
        {state.accuracyM !== null && (
          <dd className="muted">{t("gps.accuracy", { accuracy: formatDistance(state.accuracyM, locale) })}</dd>
        )}
      </div>
      <div className="gps-facts__item">
        <dt>
          <Battery aria-hidden="true" /> {t("gps.battery")}
        </dt>
        <dd data-testid="gps-battery">
          {state.battery === null ? t("gps.noBattery") : `${Math.round(state.battery)}\u00a0%`}
        </dd>
      </div>
      <div className="gps-facts__item">
        <dt>
          <Clock aria-hidden="true" /> {t("gps.fixTime", { time: formatRelativeTime(fixMs, now, locale) })}
        </dt>
        <dd className="gps-facts__freshness" data-testid="gps-freshness">
          {t(`gps.freshness.${freshness}`)}
        </dd>
      </div>
    </dl>
  );
}
