import { useTranslation } from "react-i18next";
import { ToggleField } from "../../../ui/ToggleField";
import type { useLightControl } from "../useLightControl";

/**
 * A light's on/off switch ('Zasilanie', 'Wł.'/'Wył.'), the same on its tile and in its panel: on
 * while the state asked for (or else the live one) is ON; disabled, with the gate's reason as its
 * title, while offline, locked or unavailable.
 */
export function LightPowerToggle({ control }: { control: ReturnType<typeof useLightControl> }) {
  const { t } = useTranslation();
  const { live, wanted, disabled, reason } = control;
  return (
    <ToggleField
      label={t("lights.power")}
      checked={(wanted.state ?? live?.state) === "ON"}
      disabled={disabled}
      title={reason ?? undefined}
      onChange={control.setPower}
      stateText={{ on: t("lights.on"), off: t("lights.off") }}
    />
  );
}
