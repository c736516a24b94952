import { useAtomValue } from "jotai";
import { lazy, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { offlineAtom } from "../../../platform/offline/atoms";
import { gpsStateAtom, gpsTileUrlAtom } from "../atoms";
import { TrackerFacts } from "./TrackerFacts";
import { TRACK_HOURS, useTrack } from "./useTrack";

/** Leaflet and its CSS load only when a map is shown (their own chunk, DESIGN §4a). */
const GpsMap = lazy(() => import("./GpsMap"));

/**
 * One tracker on the /gps screen: its facts, and the map when a tile server is set
 * (setting `gpsTileUrl`), the dashboard is online and tiles load; otherwise a notice saying why
 * there is no map, and the facts stay (coordinates, distance, battery, freshness).
 */
export function TrackerPanel({ tracker }: { tracker: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const state = useAtomValue(gpsStateAtom(tracker));
  const tileUrl = useAtomValue(gpsTileUrlAtom);
  const offline = useAtomValue(offlineAtom);
  const track = useTrack(tracker);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!state) return null;
  const tilesFailed = tileUrl !== null && failedUrl === tileUrl;
  const notice =
    tileUrl === null ? t("gps.noTileServer") : offline ? t("gps.offline") : tilesFailed ? t("gps.tilesFailed") : null;
  return (
    <section className="gps-tracker" aria-labelledby={headingId} data-testid={`gps-tracker-${tracker}`}>
      <h2 id={headingId} className="gps-tracker__name">
        {state.label}
      </h2>
      <TrackerFacts state={state} />
      {notice !== null ? (
        <p className="gps-notice" role="note" data-testid="gps-map-notice">
          {notice}
        </p>
      ) : (
        <Suspense fallback={<p className="gps-map gps-map--loading">{t("gps.mapLoading")}</p>}>
          <GpsMap
            tileUrl={tileUrl ?? ""}
            home={state.home}
            radiusM={state.radiusM}
            position={state}
            track={track}
            label={t("gps.map", { label: state.label })}
            homeLabel={t("gps.home")}
            trackerLabel={state.label}
            onTilesFailed={() => setFailedUrl(tileUrl)}
          />
        </Suspense>
      )}
      <p className="muted" data-testid="gps-track-count">
        {t("gps.trackPoints", { hours: TRACK_HOURS, count: track.length })}
      </p>
    </section>
  );
}
