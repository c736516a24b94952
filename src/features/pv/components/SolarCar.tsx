import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { devicesAtom, useDevicesFollowRevision } from "../../devices";
import { solarInstallations } from "../live";
import { SolarTile } from "./SolarTile";
import "./solar.css";

/** The car dashboard's solar section (the pv feature's `carDashboard`): the inverters adopted for the car. */
export function SolarCar() {
  const { t } = useTranslation();
  useDevicesFollowRevision({ fetchFirst: false });
  const installations = solarInstallations(useAtomValue(devicesAtom) ?? [], "car");
  if (installations.length === 0) return null;
  return (
    <div role="region" aria-label={t("pv.tile.heading")} data-testid="car-solar">
      <ul className="solar-car">
        {installations.map((installation) => (
          <li key={installation.name}>
            <SolarTile installation={installation} />
          </li>
        ))}
      </ul>
    </div>
  );
}
