import { useAtomValue } from "jotai";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { devicesAtom, useDevicesFollowRevision } from "../../devices";
import { solarInstallations } from "../live";
import { SolarTile } from "./SolarTile";
import "./solar.css";

/**
 * Home's solar section: a room-like section 'Fotowoltaika' with a {@link SolarTile} for each device
 * adopted as solar and shown on home (GET /devices, kept current by `devices/revision`). Nothing when
 * the household has none.
 */
export function SolarHome() {
  const { t } = useTranslation();
  const headingId = useId();
  useDevicesFollowRevision({ fetchFirst: false });
  const installations = solarInstallations(useAtomValue(devicesAtom) ?? [], "home");
  if (installations.length === 0) return null;
  return (
    <div className="rooms-frame">
      <div className="rooms" data-testid="home-solar">
        <section className="room" aria-labelledby={headingId} data-span={Math.min(installations.length, 6)}>
          <div className="room__head">
            <h2 id={headingId} className="room__name">
              {t("pv.tile.heading")}
            </h2>
          </div>
          <ul className="room__tiles">
            {installations.map((installation) => (
              <li key={installation.name} className="room__tile">
                <SolarTile installation={installation} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
