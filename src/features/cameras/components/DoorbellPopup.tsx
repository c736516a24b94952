import { useAtomValue } from "jotai";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { DOORBELL } from "../../../shared/contract/cameras";
import { camerasAtom } from "../atoms";
import { LiveView } from "./LiveView";
import "./cameras.css";

/**
 * The doorbell popup (spec §2): a modal titled 'Ktoś dzwoni przy bramce.' with the live views of
 * the cameras `zoom` and `brama` (those the household has) and 'Zamknij'. Escape closes it too.
 */
export function DoorbellPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const cameras = useAtomValue(camerasAtom) ?? [];
  const shown = DOORBELL.cameras.map((id) => cameras.find((camera) => camera.id === id)).filter((camera) => camera !== undefined);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (typeof dialog.showModal === "function" && !dialog.open) dialog.showModal();
    const handleCancel = (event: Event) => {
      event.preventDefault();
      closeRef.current();
    };
    dialog.addEventListener("cancel", handleCancel);
    return () => {
      dialog.removeEventListener("cancel", handleCancel);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog ref={dialogRef} className="doorbell-popup" aria-labelledby={titleId} data-testid="doorbell-popup">
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
