import { atom, useAtomValue } from "jotai";
import { useMemo } from "react";
import { Battery, BatteryFull, BatteryLow, BatteryMedium, BatteryWarning, Wifi, WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Availability } from "../../../../contract/devices";
import { nowAtom } from "../../../platform/clock/atoms";
import { localeAtom } from "../../../platform/preferences/atoms";
import { formatRelativeTime } from "../../../shared/relativeTime";
import { deviceStateAtom, deviceValueAtom } from "./state";

/** Battery level at or under which a device's battery shows as low (%). */
export const LOW_BATTERY_PERCENT = 20;

function batteryIcon(level: number) {
  if (level <= LOW_BATTERY_PERCENT) return BatteryWarning;
  if (level < 50) return BatteryLow;
  if (level < 85) return BatteryMedium;
  return BatteryFull;
}

/** Props of {@link DeviceStatus}. */
export type DeviceStatusProps = {
  id: string;
  availability: Availability;
  /** The registry's last message time (ISO-8601) or null. */
  lastSeen: string | null;
};

/**
 * A device tile's footer: its availability ('Dostępne', 'Niedostępne' when offline, 'Dostępność
 * nieznana'; `data-availability`), its battery when it reports one ('Bateria 87 %'; at or under 20 %
 * amber, 'Słaba bateria 15 %') and when it was last heard from ('Ostatnio: 2 minuty temu', the later
 * of the registry's `lastSeen` and the state's `at`, from the one app clock; 'Jeszcze nie odezwało
 * się' before any). `data-testid="device-status"`.
 */
export function DeviceStatus({ id, availability, lastSeen }: DeviceStatusProps) {
  const { t } = useTranslation();
  const locale = useAtomValue(localeAtom);
  const battery = useAtomValue(deviceValueAtom(id, "battery"));
  // A string atom: the footer re-renders on a clock tick only when its label really changes.
  const seenAtom = useMemo(
    () =>
      atom((get): string | null => {
        const seen = Math.max(
          lastSeen === null ? -Infinity : Date.parse(lastSeen),
          get(deviceStateAtom(id))?.at ?? -Infinity,
        );
        return Number.isFinite(seen) ? formatRelativeTime(seen, get(nowAtom), locale) : null;
      }),
    [id, lastSeen, locale],
  );
  const ago = useAtomValue(seenAtom);
  const level = typeof battery === "number" && Number.isFinite(battery) ? Math.round(battery) : null;
  const AvailabilityIcon = availability === "offline" ? WifiOff : Wifi;
  const BatteryIcon = level === null ? Battery : batteryIcon(level);
  const low = level !== null && level <= LOW_BATTERY_PERCENT;
  return (
    <p className="device-status" data-testid="device-status" data-availability={availability}>
      <span className={`device-status__availability device-status__availability--${availability}`}>
        <AvailabilityIcon aria-hidden="true" size={16} />
        {t(`deviceTiles.availability.${availability}`)}
      </span>
      {level !== null ? (
        <span className={low ? "device-status__battery device-status__battery--low" : "device-status__battery"}>
          <BatteryIcon aria-hidden="true" size={16} />
          {t(low ? "deviceTiles.batteryLow" : "deviceTiles.battery", { level })}
        </span>
      ) : null}
      <span className="device-status__seen">
        {ago === null ? t("deviceTiles.neverSeen") : t("deviceTiles.lastSeen", { ago })}
      </span>
    </p>
  );
}
