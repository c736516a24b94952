import { useAtomValue } from "jotai";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { DOORBELL } from "../../../../contract/cameras";
import { useModalDialog } from "../../../ui/useModalDialog";
import { camerasAtom } from "../atoms";
import { LiveView } from "./LiveView";
import "./cameras.css";

/**
 * The doorbell popup (spec §2): a modal titled 'Ktoś dzwoni przy bramce.' with the live views of
 * the cameras `zoom` and `brama` (those the household has) and 'Zamknij'. Escape closes it too. It
 * opens and closes with the modal animation of spec §9 ({@link useModalDialog}); its owner keeps it
 * rendered with `open` false until the closing animation ends (useModalPresence).
 */
export function DoorbellPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const cameras = useAtomValue(camerasAtom) ?? [];
  const shown = DOORBELL.cameras
    .map((id) => cameras.find((camera) => camera.id === id))
    .filter((camera) => camera !== undefined);
  useModalDialog(dialogRef, open);

  return (
    <dialog
      ref={dialogRef}
      className="doorbell-popup"
      aria-labelledby={titleId}
      onCancel={onClose}
      data-testid="doorbell-popup"
    >
      <h2 id={titleId} className="doorbell-popup__title">
        {t("doorbell.title")}
      </h2>
      <div className="doorbell-popup__views">
        {shown.map((camera) => (
          <LiveView key={camera.id} camera={camera} />
        ))}
      </div>
      <button type="button" className="button" onClick={onClose}>
        {t("doorbell.close")}
      </button>
    </dialog>
  );
}
