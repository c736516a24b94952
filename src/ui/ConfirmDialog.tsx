import { useEffect, useId, useRef } from "react";
import { useDialogDismiss } from "./useDialogDismiss";
import { useModalDialog } from "./useModalDialog";
import "./ConfirmDialog.css";

/** Props of {@link ConfirmDialog}. */
export type ConfirmDialogProps = {
  /** Shown as a modal while true. */
  open: boolean;
  /** The question; the dialog's accessible name (aria-labelledby). */
  title: string;
  /** What confirming does; the dialog's accessible description (aria-describedby). */
  message?: string | undefined;
  /** Text of the confirming button, e.g. 'Wyloguj'. */
  confirmLabel: string;
  /** Text of the cancelling button, e.g. 'Anuluj'. */
  cancelLabel: string;
  /** "danger" draws the confirming button as a destructive action. */
  tone?: "danger" | "default";
  /** Disables both buttons (e.g. while the confirmed action runs). */
  busy?: boolean;
  onConfirm: () => void;
  /** Called for 'Anuluj', Escape, or a click outside the dialog box. */
  onCancel: () => void;
};

/**
 * A confirmation as a native modal `<dialog>` opened with showModal() ({@link useModalDialog}: it
 * opens and closes with the 300 ms animation of spec §9, at once with reduced motion): the rest of the
 * page is inert, focus moves to the cancelling button (the safe choice) and returns where it was on
 * close, Escape cancels. While open it is a `dialog[open]`, which the kiosk's idle check treats as "mid-interaction"
 * (no update while a dialog is open). Without showModal (old engines) it falls back to the
 * `open` attribute.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  tone = "default",
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useModalDialog(dialogRef, open);
  const dismiss = useDialogDismiss(open, busy, onCancel);
  useEffect(() => {
    if (open) cancelRef.current?.focus();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      {...dismiss}
    >
      <div className="confirm-dialog__box">
        <h2 id={titleId} className="confirm-dialog__title">
          {title}
        </h2>
        {message && (
          <p id={messageId} className="confirm-dialog__message">
            {message}
          </p>
        )}
        <div className="confirm-dialog__actions">
          <button
            ref={cancelRef}
            type="button"
            className="button confirm-dialog__button"
            disabled={busy}
            onClick={onCancel}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`button confirm-dialog__button ${tone === "danger" ? "button--danger confirm-dialog__button--danger" : "button--primary"}`}
            disabled={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
