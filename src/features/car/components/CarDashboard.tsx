import { useAtom, useAtomValue } from "jotai";
import { Moon, Sun, Wifi, WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GarageSection } from "../../garage";
import { liveConnectedAtom } from "../../../platform/live/atoms";
import { CarDashboardSections } from "../../../platform/slots";
import { ChosenSwitches } from "../../switches";
import { carThemeAtom } from "../theme";
import { CarValues } from "./CarValues";
import "./CarDashboard.css";

/**
 * The car dashboard (spec §2, reached by D in the car layout), read at arm's length: three
 * large values (speed from the tablet's geolocation, the lowest outdoor temperature without
 * decimals, the time), a day and a night theme ('Motyw dzienny' / 'Motyw nocny', a 76 px button),
 * the switches chosen in setting `carDashboardSwitches` as large tiles, the parts' car sections
 * (src/platform/slots: the devices adopted for the car), the garage door and gate with
 * large touch targets, and the live connection state told by an icon and a word.
 */
export function CarDashboard() {
  const { t } = useTranslation();
  const connected = useAtomValue(liveConnectedAtom);
  const [theme, setTheme] = useAtom(carThemeAtom);
  const Icon = connected ? Wifi : WifiOff;
  const next = theme === "day" ? "night" : "day";
  return (
    <div className="car-dashboard" data-theme={theme} data-testid="car-dashboard">
      <CarValues />
      <ChosenSwitches settingKey="carDashboardSwitches" />
      <CarDashboardSections />
      <GarageSection variant="car" />
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
