import { useAtomValue } from "jotai";
import { Wifi, WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GarageSection } from "../../garage";
import { liveConnectedAtom } from "../../live/atoms";
import { OutdoorMinBox } from "../../sensors";
import { ChosenSwitches } from "../../switches";
import "./CarDashboard.css";

/**
 * The car dashboard (spec §2, reached by D in the car layout), read at arm's length: the lowest
 * outdoor temperature without decimals (spec §9) and the live connection state, each large, the
 * state told by an icon and a word, not by colour alone, and the switches chosen in setting
 * `carDashboardSwitches` as large tiles; then the garage door and gate with large touch targets (a
 * driver opens the gate from the car; issue 10).
 */
export function CarDashboard() {
  const { t } = useTranslation();
  const connected = useAtomValue(liveConnectedAtom);
  const Icon = connected ? Wifi : WifiOff;
  return (
    <div className="car-dashboard">
      <OutdoorMinBox fractionDigits={0} />
      <ChosenSwitches settingKey="carDashboardSwitches" />
      <p className="car-dashboard__live" data-connected={connected}>
        <Icon aria-hidden="true" size={40} />
        <span>
          {t("car.live")}: <strong>{connected ? t("car.connected") : t("car.disconnected")}</strong>
        </span>
      </p>
      <GarageSection variant="car" />
    </div>
  );
}
