import { useAtomValue } from "jotai";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Keypad } from "../../../ui/Keypad";
import { useDialogDismiss } from "../../../ui/useDialogDismiss";
import { useModalDialog } from "../../../ui/useModalDialog";
import { nowAtom } from "../../clock/atoms";
import type { UnlockFailure } from "../unlockFailure";
import { MAX_PIN_LENGTH } from "./PinPad";
import { retryAtOf, secondsLeft, UnlockFailureNotice } from "./UnlockFailureNotice";
import "../../../ui/ConfirmDialog.css";
import "./PinConfirmDialog.css";

/** Props of {@link PinConfirmDialog}. */
export type PinConfirmDialogProps = {
  /** Shown as a modal while true; the typed PIN is cleared each time it opens. */
  open: boolean;
  /** What the PIN is for; the dialog's accessible name. */
  title: string;
  /** Why it is asked; the dialog's accessible description. */
  message: string;
  /** Why the PIN sent last was not accepted (a wrong PIN, the back-off), or null. */
  failure: UnlockFailure | null;
  /** Text of the confirming button, e.g. 'Wyślij z PIN-em'. */
  confirmLabel: string;
  /** Text of the cancelling button, e.g. 'Anuluj'. */
  cancelLabel: string;
  /** Disables the form while the confirmed action runs. */
  busy?: boolean;
  /** Called with the PIN as a number (the hub takes it as `POST /session/unlock` does). */
  onConfirm: (pin: number) => void;
  /** Called for the cancelling button, Escape, or a click outside the dialog box. */
  onCancel: () => void;
};

/**
 * Asks the session's PIN again before an action that needs it (docs/contract.md "Tasmota
 * console"), in a native modal `<dialog>` ({@link useModalDialog}: the page behind is inert, focus
 * returns where it was, Escape cancels): the title and why, the reason the last PIN was not accepted
 * ('Błędny PIN. Zostało 7 prób.', 'Za dużo prób pod rząd.' with the countdown of the hub's back-off),
 * a labelled PIN input (focused on open; digits only, at most 15), the keypad 1-9 with delete for
 * touch, and the buttons. The confirming button waits out the back-off. The PIN is cleared as soon
 * as it is handed to `onConfirm`, never kept.
 */
export function PinConfirmDialog({
  open,
  title,
  message,
  failure,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: PinConfirmDialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const messageId = useId();
  const inputId = useId();
  const [pin, setPin] = useState("");
  const now = useAtomValue(nowAtom);
  const waiting = secondsLeft(retryAtOf(failure), now) > 0;

  useModalDialog(dialogRef, open);
  const dismiss = useDialogDismiss(open, busy, onCancel);
  useEffect(() => {
    if (!open) return;
    setPin("");
    inputRef.current?.focus();
  }, [open]);
  useEffect(() => {
    if (failure !== null) inputRef.current?.focus();
  }, [failure]);

  const digits = (text: string) => text.replace(/\D+/g, "").slice(0, MAX_PIN_LENGTH);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pin === "" || busy || waiting) return;
    onConfirm(Number(pin));
    setPin("");
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog pin-confirm"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      {...dismiss}
    >
      <form className="confirm-dialog__box" onSubmit={submit}>
        <h2 id={titleId} className="confirm-dialog__title">
          {title}
        </h2>
        <p id={messageId} className="confirm-dialog__message">
          {message}
        </p>
        {failure && <UnlockFailureNotice failure={failure} />}
        <div className="field pin-confirm__field">
          <label htmlFor={inputId} className="field__label">
            {t("lock.pin")}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="field__input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]*"
            value={pin}
            disabled={busy}
            onChange={(event) => setPin(digits(event.currentTarget.value))}
          />
        </div>
        <Keypad
          onDigit={(digit) => setPin((current) => digits(current + digit))}
          onDelete={() => setPin((current) => current.slice(0, -1))}
          deleteLabel={t("lock.deleteDigit")}
          disabled={busy}
        />
        <div className="confirm-dialog__actions pin-confirm__actions">
          <button type="button" className="button confirm-dialog__button" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="submit"
            className="button button--primary confirm-dialog__button"
            disabled={pin === "" || busy || waiting}
            aria-busy={busy || undefined}
          >
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
