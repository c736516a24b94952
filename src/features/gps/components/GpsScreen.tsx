import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../ui/EmptyState";
import { gpsTrackerIdsAtom } from "../atoms";
import { NotificationsToggle } from "./NotificationsToggle";
import { TileUrlForm } from "./TileUrlForm";
import { TrackerPanel } from "./TrackerPanel";
import "./gps.css";

/**
 * The cat tracker screen's body (/gps): each tracker the hub publishes (`gps/<tracker>`)
 * with its facts and map, the notifications switch, and the map settings (tile server URL).
 */
export function GpsScreen() {
  const { t } = useTranslation();
  const trackers = useAtomValue(gpsTrackerIdsAtom);
  return (
    <div className="gps">
      {trackers.length === 0 ? (
        <EmptyState title={t("gps.title")} hint={t("gps.empty")} testId="gps-empty" />
      ) : (
        trackers.map((tracker) => <TrackerPanel key={tracker} tracker={tracker} />)
      )}
      <section className="gps-settings" aria-label={t("gps.settingsHeading")}>
        <NotificationsToggle />
        <TileUrlForm />
      </section>
    </div>
  );
}
