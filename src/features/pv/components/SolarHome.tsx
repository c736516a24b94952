import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { devicesAtom, useDevicesFollowRevision } from "../../devices";
import { solarInstallations } from "../live";
import { RoomTiles } from "../../../ui/RoomTiles";
import { SolarTile } from "./SolarTile";
import "./solar.css";

/**
 * Home's solar section: a room-like section 'Fotowoltaika' with a {@link SolarTile} for each device
 * adopted as solar and shown on home (GET /devices, kept current by `devices/revision`). Nothing when
 * the household has none.
 */
export function SolarHome() {
  const { t } = useTranslation();
  useDevicesFollowRevision({ fetchFirst: false });
  const installations = solarInstallations(useAtomValue(devicesAtom) ?? [], "home");
  if (installations.length === 0) return null;
  return (
    <div className="rooms-frame">
      <div className="rooms" data-testid="home-solar">
        <RoomTiles
          name={t("pv.tile.heading")}
          items={installations}
          itemKey={(installation) => installation.name}
          renderItem={(installation) => <SolarTile installation={installation} />}
        />
      </div>
    </div>
  );
}
