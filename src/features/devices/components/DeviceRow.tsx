import { memo } from "react";
import { useTranslation } from "react-i18next";
import { displayNameOf, isHidden, isNew } from "../list";
import type { ListedDevice } from "../schemas";
import { DeviceBattery } from "./DeviceBattery";
import type { Locale } from "../../../../contract/preferences";
import { LastSeenText } from "./LastSeen";

/** Props of {@link DeviceRow}. */
export type DeviceRowProps = {
  device: ListedDevice;
  onOpen: (id: string) => void;
  /** Its place in the whole list (1-based) and the list's length: the list draws only some rows. */
  position: number;
  size: number;
  /** The app clock by the minute (epoch ms) and the locale, for 'widziane 5 minut temu'. */
  now: number;
  locale: Locale;
};

/**
 * One device of the list: its label or name (a button over the whole row that opens it), 'Nowe'
 * until looked at, 'Ukryte' for a hidden one, its source, model and vendor (and room when adopted),
 * availability in words ('Dostępne', 'Niedostępne', 'Nieznane'), when it was last seen and its
 * battery. Light on purpose: the battery is its only live value, and a row exists only while it is
 * on screen or near it (DeviceList).
 */
export const DeviceRow = memo(function DeviceRow({ device, onOpen, position, size, now, locale }: DeviceRowProps) {
  const { t } = useTranslation();
  const facts = [
    t(`devices.sources.${device.source}`),
    device.model ?? t("devices.modelUnknown"),
    device.vendor,
    device.adoption?.room,
  ].filter((fact): fact is string => typeof fact === "string" && fact !== "");
  return (
    <li
      className="device-row"
      aria-posinset={position}
      aria-setsize={size}
      data-availability={device.availability}
      data-new={isNew(device) || undefined}
      data-testid={`device-row-${device.id}`}
    >
      <div className="device-row__head">
        <button type="button" className="device-row__open" onClick={() => onOpen(device.id)}>
          {displayNameOf(device)}
        </button>
        {isNew(device) && <span className="device-row__mark device-row__mark--new">{t("devices.newMark")}</span>}
        {isHidden(device) && <span className="device-row__mark">{t("devices.hiddenMark")}</span>}
      </div>
      <p className="device-row__facts">{facts.join(" · ")}</p>
      <p className="device-row__status">
        <span className="device-row__availability" data-availability={device.availability}>
          {t(`devices.availability.${device.availability}`)}
        </span>
        <LastSeenText at={device.lastSeen} className="device-row__seen" now={now} locale={locale} />
        <DeviceBattery id={device.id} className="device-row__battery" />
      </p>
    </li>
  );
});
