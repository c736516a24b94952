import { useAtom, useAtomValue } from "jotai";
import { Moon, Sun, Wifi, WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GarageSection } from "../../garage";
import { liveConnectedAtom } from "../../../platform/live/atoms";
import {
  arrangeCarSections,
  CarDashboardSections,
  useCarDashboardSections,
  type CarDashboardSection,
} from "../../../platform/slots";
import { thisPanelAtom } from "../../panels";
import { ChosenSwitches } from "../../switches";
import { CAR_OWN_SECTIONS } from "../buttons";
import { carThemeAtom } from "../theme";
import { CarValues } from "./CarValues";
import "./CarDashboard.css";

/**
 * The car dashboard (spec §2, reached by D in the car layout), read at arm's length: three
 * large values (speed from the tablet's geolocation, the lowest outdoor temperature without
 * decimals, the time), a day and a night theme ('Motyw dzienny' / 'Motyw nocny', a 76 px button),
 * the switches chosen in setting `carDashboardSwitches` as large tiles (`switches`), the parts' car
 * sections (src/platform/slots: `devices`, the devices adopted for the car; `pv`), the garage door and
 * gate with large touch targets (`garage`), and the live connection state told by an icon and a word.
 * This panel's profile `carButtons` picks and orders those sections by id (absent = all, in that order).
 */
export function CarDashboard() {
  const { t } = useTranslation();
  const connected = useAtomValue(liveConnectedAtom);
  const parts = useCarDashboardSections();
  const chosen = useAtomValue(thisPanelAtom)?.profile.carButtons;
  const sections: CarDashboardSection[] = [
    { id: CAR_OWN_SECTIONS.switches, Component: CarSwitches },
    ...parts,
    { id: CAR_OWN_SECTIONS.garage, Component: CarGarage },
  ];
  const [theme, setTheme] = useAtom(carThemeAtom);
  const Icon = connected ? Wifi : WifiOff;
  const next = theme === "day" ? "night" : "day";
  return (
    <div className="car-dashboard" data-theme={theme} data-testid="car-dashboard">
      <CarValues />
      <CarDashboardSections sections={arrangeCarSections(sections, chosen)} />
      <div className="car-dashboard__footer">
        <p className="car-dashboard__live" data-connected={connected}>
          <Icon aria-hidden="true" size={40} />
          <span>
            {t("car.live")}: <strong>{connected ? t("car.connected") : t("car.disconnected")}</strong>
          </span>
        </p>
        <button
          type="button"
          className="button car-dashboard__theme"
          aria-pressed={theme === "night"}
          onClick={() => setTheme(next)}
        >
          {theme === "day" ? <Moon aria-hidden="true" size={32} /> : <Sun aria-hidden="true" size={32} />}
          {t("car.nightTheme")}
        </button>
      </div>
    </div>
  );
}

/** The car dashboard's `switches` section: the switches chosen in setting `carDashboardSwitches`. */
function CarSwitches() {
  return <ChosenSwitches settingKey="carDashboardSwitches" />;
}

/** The car dashboard's `garage` section: the garage door and gate, large. */
function CarGarage() {
  return <GarageSection variant="car" />;
}
