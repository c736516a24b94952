import { useAtomValue } from "jotai";
import { Battery, BatteryLow } from "lucide-react";
import { useTranslation } from "react-i18next";
import { deviceBatteryAtom } from "../battery";

/** Below this percentage a battery shows as low. */
export const BATTERY_LOW_PERCENT = 20;

/** Props of {@link DeviceBattery}. */
export type DeviceBatteryProps = { id: string; className?: string };

/**
 * Device `id`'s battery from its live state ('Bateria 85%', an icon, marked low under
 * {@link BATTERY_LOW_PERCENT}); nothing while unknown (a mains-powered device never shows one).
 */
export function DeviceBattery({ id, className }: DeviceBatteryProps) {
  const { t } = useTranslation();
  const percent = useAtomValue(deviceBatteryAtom(id));
  if (percent === null) return null;
  const low = percent < BATTERY_LOW_PERCENT;
  return (
    <span className={className} data-low={low || undefined} data-testid={`device-battery-${id}`}>
      {low ? <BatteryLow aria-hidden="true" size={18} /> : <Battery aria-hidden="true" size={18} />}
      {t("devices.battery", { percent })}
    </span>
  );
}
