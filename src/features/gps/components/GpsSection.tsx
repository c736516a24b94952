import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { Cat } from "lucide-react";
import { useTranslation } from "react-i18next";
import { freshnessOf } from "../../../shared/freshness";
import { formatRelativeTime } from "../../../shared/relativeTime";
import { Tile, TileValue } from "../../../ui/Tile";
import { nowAtom } from "../../../platform/clock/atoms";
import { localeAtom } from "../../../platform/preferences/atoms";
import { gpsStateAtom, gpsTrackerIdsAtom } from "../atoms";
import { formatDistance } from "../format";
import "./gps.css";

/** One tracker's tile: the distance from home as its main reading, a link to /gps named 'Pokaż lokalizator: <label>, Od domu <distance>'. */
function GpsTile({ tracker }: { tracker: string }) {
  const { t } = useTranslation();
  const state = useAtomValue(gpsStateAtom(tracker));
  const locale = useAtomValue(localeAtom);
  const now = useAtomValue(nowAtom);
  if (!state) return null;
  const fixMs = Date.parse(state.time);
  const freshness = freshnessOf(Math.max(0, now - fixMs));
  const distance = formatDistance(state.distanceM, locale);
  const [number = distance, unit = ""] = distance.split("\u00a0");
  return (
    // The link is named by its content, the tile, whose name says where it leads and what it shows:
    // with an aria-label of its own the link's name missed the tile's visible footer (WCAG 2.5.3).
    <Link to="/gps" className="gps-tile-link">
      <Tile
        testId={`gps-tile-${tracker}`}
        freshness={freshness}
        name={`${t("gps.open")}: ${state.label}, ${t("gps.distance")} ${distance}`}
        icon={<Cat />}
        title={t("gps.distance")}
        subtitle={state.label}
        footer={
          <span>
            {formatRelativeTime(fixMs, now, locale)} ·{" "}
            {state.outside
              ? t("gps.outside", { radius: formatDistance(state.radiusM, locale) })
              : t("gps.inside", { radius: formatDistance(state.radiusM, locale) })}
          </span>
        }
      >
        <TileValue text={number} unit={unit} spaced />
      </Tile>
    </Link>
  );
}

/**
 * The trackers on the home screen: one tile per tracker the hub publishes, each linking
 * to the tracker screen /gps. Nothing while no tracker has reported.
 */
export function GpsSection() {
  const { t } = useTranslation();
  const trackers = useAtomValue(gpsTrackerIdsAtom);
  if (trackers.length === 0) return null;
  return (
    <div className="rooms-frame" data-testid="gps-section">
      <div className="rooms">
        <section className="room" aria-label={t("gps.title")} data-span={Math.min(trackers.length, 6)}>
          <div className="room__head">
            <h2 className="room__name">{t("gps.title")}</h2>
          </div>
          <ul className="room__tiles">
            {trackers.map((tracker) => (
              <li key={tracker} className="room__tile">
                <GpsTile tracker={tracker} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
