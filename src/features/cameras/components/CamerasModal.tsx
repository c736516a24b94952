import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Camera } from "../../../../contract/cameras";
import { useModalDialog } from "../../../ui/useModalDialog";
import { LiveView } from "./LiveView";
import "./cameras.css";

/** Props of {@link CamerasModal}. */
export type CamerasModalProps = {
  /** The heading and the dialog's accessible name. */
  title: string;
  /** The cameras whose live views it shows, in order. */
  cameras: readonly Camera[];
  open: boolean;
  onClose: () => void;
  testId: string;
};

/**
 * A modal of live camera views (`doorbell-popup` styles): `title`, the views side by side, and
 * 'Zamknij'; Escape closes it too. It opens and closes with the modal animation of spec §9
 * ({@link useModalDialog}).
 */
export function CamerasModal({ title, cameras, open, onClose, testId }: CamerasModalProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModalDialog(dialogRef, open);
  return (
    <dialog
      ref={dialogRef}
      className="doorbell-popup"
      aria-labelledby={titleId}
      onCancel={onClose}
      data-testid={testId}
    >
      <h2 id={titleId} className="doorbell-popup__title">
        {title}
      </h2>
      <div className="doorbell-popup__views">
        {cameras.map((camera) => (
          <LiveView key={camera.id} camera={camera} />
        ))}
      </div>
      <button type="button" className="button" onClick={onClose}>
        {t("doorbell.close")}
      </button>
    </dialog>
  );
}
