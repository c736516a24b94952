import { useAtomValue, useSetAtom } from "jotai";
import { X } from "lucide-react";
import { useEffect, useId, useRef, useState, type SyntheticEvent } from "react";
import { useTranslation } from "react-i18next";
import "../../../ui/PanelDialog.css";
import { useModalDialog } from "../../../ui/useModalDialog";
import { markSeenAtom } from "../commands";
import { displayNameOf } from "../list";
import type { ListedDevice } from "../schemas";
import { AdoptionForm } from "./AdoptionForm";
import { DeviceBattery } from "./DeviceBattery";
import { DeviceCapabilities } from "../capabilities";
import { LastSeen } from "./LastSeen";
import { devicesAtom } from "../atoms";

/** Props of {@link DeviceDetail}. */
export type DeviceDetailProps = { device: ListedDevice; onClose: () => void };

/**
 * One device opened from the list: a native modal `<dialog>` (focus moves in, Escape, the close
 * button and a tap on the backdrop close it, animated; focus returns to the row) with what the hub
 * knows of it (source, model, vendor, availability, last seen, battery, id), its adoption form and
 * its capabilities. Opening it marks the device seen (POST /devices/{id}/seen): the 'Nowe' mark goes.
 */
export function DeviceDetail({ device, onClose }: DeviceDetailProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(true);
  const markSeen = useSetAtom(markSeenAtom);
  const rooms = useRooms();
  useModalDialog(dialogRef, open);
  useEffect(() => markSeen(device.id), [device.id, markSeen]);

  const handleCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    setOpen(false);
  };
  const handleClosed = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };
  const unknown = t("devices.detail.unknown");
  return (
    <dialog
      ref={dialogRef}
      className="panel-dialog device-detail"
      aria-labelledby={titleId}
      onCancel={handleCancel}
      onClose={handleClosed}
      onClick={(event) => {
        if (event.target === event.currentTarget) setOpen(false);
      }}
      data-testid="device-detail"
    >
      <div className="device-detail__box">
        <div className="device-detail__head">
          <h2 id={titleId} className="device-detail__title">
            {displayNameOf(device)}
          </h2>
          <button
            type="button"
            className="button device-detail__close"
            aria-label={t("devices.detail.close")}
            title={t("devices.detail.close")}
            onClick={() => setOpen(false)}
          >
            <X aria-hidden="true" />
          </button>
        </div>
        <dl className="device-detail__facts" aria-label={t("devices.detail.facts")}>
          <dt>{t("devices.detail.source")}</dt>
          <dd>{t(`devices.sources.${device.source}`)}</dd>
          <dt>{t("devices.detail.model")}</dt>
          <dd>{device.model ?? unknown}</dd>
          <dt>{t("devices.detail.vendor")}</dt>
          <dd>{device.vendor ?? unknown}</dd>
          <dt>{t("devices.detail.availability")}</dt>
          <dd data-availability={device.availability}>{t(`devices.availability.${device.availability}`)}</dd>
          <dt>{t("devices.detail.lastSeen")}</dt>
          <dd>
            <LastSeen at={device.lastSeen} />
          </dd>
          <dt>{t("devices.detail.id")}</dt>
          <dd className="device-detail__id">{device.id}</dd>
        </dl>
        <DeviceBattery id={device.id} className="device-detail__battery" />
        <section className="device-detail__section" aria-labelledby={`${titleId}-adoption`}>
          <h3 id={`${titleId}-adoption`}>{t("devices.detail.adoption")}</h3>
          <AdoptionForm device={device} rooms={rooms} />
        </section>
        <section className="device-detail__section" aria-labelledby={`${titleId}-capabilities`}>
          <h3 id={`${titleId}-capabilities`}>{t("devices.detail.capabilities")}</h3>
          <DeviceCapabilities device={device} label={device.adoption?.label} />
        </section>
      </div>
    </dialog>
  );
}

/** The rooms other devices are in (adoptions), sorted: offered while typing a room. */
function useRooms(): readonly string[] {
  const devices = useAtomValue(devicesAtom);
  const rooms = new Set<string>();
  for (const device of devices ?? []) if (device.adoption?.room) rooms.add(device.adoption.room);
  return [...rooms].sort();
}
