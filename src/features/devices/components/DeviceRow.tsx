import { memo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { displayNameOf, isHidden, isNew } from "../list";
import type { ListedDevice } from "../schemas";
import { useNearViewport } from "../inView";
import { DeviceBattery } from "./DeviceBattery";
import { LastSeen } from "./LastSeen";

/** Props of {@link DeviceRow}. */
export type DeviceRowProps = { device: ListedDevice; onOpen: (id: string) => void };

/**
 * One device of the list: its label or name (a button over the whole row that opens it), 'Nowe'
 * until looked at, 'Ukryte' for a hidden one, its source, model and vendor (and room when adopted),
 * availability in words ('Dostępne', 'Niedostępne', 'Nieznane'), when it was last seen and its
 * battery. Light on purpose: the battery is the only live value and is read only while the row is
 * near the screen; the browser skips drawing rows off screen (`content-visibility: auto`).
 */
export const DeviceRow = memo(function DeviceRow({ device, onOpen }: DeviceRowProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLLIElement>(null);
  const near = useNearViewport(ref);
  const facts = [
    t(`devices.sources.${device.source}`),
    device.model ?? t("devices.modelUnknown"),
    device.vendor,
    device.adoption?.room,
  ].filter((fact): fact is string => typeof fact === "string" && fact !== "");
  return (
    <li
      ref={ref}
      className="device-row"
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
        <LastSeen at={device.lastSeen} className="device-row__seen" />
        {near && <DeviceBattery id={device.id} className="device-row__battery" />}
      </p>
    </li>
  );
});
