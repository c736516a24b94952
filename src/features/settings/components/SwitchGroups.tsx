import { useTranslation } from "react-i18next";
import { SwitchesListEditor } from "./SwitchesListEditor";
import { useSwitchOptions } from "./useSwitchOptions";
import "./settings.css";

/** 'Grupy przełączników': the switchesList editor over the household's switches and relays. */
export function SwitchGroups() {
  const { t } = useTranslation();
  const options = useSwitchOptions();
  if (options === null) return <p className="muted">{t("settings.notLoaded")}</p>;
  return <SwitchesListEditor options={options} />;
}
