import { useTranslation } from "react-i18next";
import { GarageLightPicker } from "./GarageLightPicker";
import { SwitchOrderPicker } from "./SwitchOrderPicker";
import { useSwitchOptions } from "./useSwitchOptions";
import "./settings.css";

/**
 * 'Przełączniki na ekranach': the home screen's and the car dashboard's switches (ordered)
 * and the garage light, offered from the household's switches and relays by their labels.
 */
export function HouseholdSwitches() {
  const { t } = useTranslation();
  const options = useSwitchOptions();
  if (options === null) return <p className="muted">{t("settings.notLoaded")}</p>;
  return (
    <div className="settings-list">
      <SwitchOrderPicker settingKey="dashboardSwitches" title={t("settings.dashboardSwitches")} options={options} />
      <SwitchOrderPicker
        settingKey="carDashboardSwitches"
        title={t("settings.carDashboardSwitches")}
        options={options}
      />
      <GarageLightPicker options={options} />
    </div>
  );
}
