import { useAtomValue } from "jotai";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useModalDialog } from "../../../ui/useModalDialog";
import { camerasAtom } from "../atoms";
import { LiveView } from "./LiveView";
import "./cameras.css";

/**
 * A camera popup the house opens on a panel (a panel command `camera`): the modal of the doorbell
 * popup with camera `cameraId`'s live view, titled by the camera, and 'Zamknij' (Escape too). Its
 * owner closes it after the command's seconds. A camera the household does not have shows its id and
 * no view.
 */
export function CameraPopup({ cameraId, open, onClose }: { cameraId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const camera = (useAtomValue(camerasAtom) ?? []).find((item) => item.id === cameraId);
  useModalDialog(dialogRef, open);
  return (
    <dialog
      ref={dialogRef}
      className="doorbell-popup"
      aria-labelledby={titleId}
      onCancel={onClose}
      data-testid="camera-popup"
    >
      <h2 id={titleId} className="doorbell-popup__title">
        {camera?.label ?? cameraId}
      </h2>
      <div className="doorbell-popup__views">{camera && <LiveView camera={camera} />}</div>
      <button type="button" className="button" onClick={onClose}>
        {t("doorbell.close")}
      </button>
    </dialog>
  );
}
