import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from "react";

/** The handlers {@link useDialogDismiss} gives, to spread on the `<dialog>`. */
export type DialogDismissHandlers = {
  onCancel: (event: SyntheticEvent<HTMLDialogElement>) => void;
  onClose: () => void;
  onClick: (event: MouseEvent<HTMLDialogElement>) => void;
};

/**
 * The ways out of a modal confirmation, each calling `onDismiss` once: Escape (its `cancel` is held,
 * so the dialog closes animated through `open`, {@link useModalDialog}), a click on the backdrop
 * (outside the dialog's box; not while `busy`), and a `close` the browser did on its own while the
 * dialog was still meant to be `open` (a close the owner caused by setting `open` false is not reported).
 */
export function useDialogDismiss(open: boolean, busy: boolean, onDismiss: () => void): DialogDismissHandlers {
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  return {
    onCancel: (event) => {
      event.preventDefault();
      onDismiss();
    },
    onClose: () => {
      if (openRef.current) onDismiss();
    },
    onClick: (event) => {
      if (event.target === event.currentTarget && !busy) onDismiss();
    },
  };
}
