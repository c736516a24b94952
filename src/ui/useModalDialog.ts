import { useEffect, useRef, type RefObject } from "react";
import { motionMs } from "./motion";
import { MODAL_ANIMATION_MS } from "./timings";

/** Options of {@link useModalDialog}. */
export type ModalDialogOptions = {
  /** How long the closing animation runs, ms; {@link MODAL_ANIMATION_MS} unless given (the drawer's is longer). */
  closeMs?: number;
};

/**
 * Keeps a native `<dialog>` open as a modal (showModal: the page behind is inert, focus moves in
 * and Escape cancels) while `open` is true, and closes it, animated, when `open` turns false (spec §9
 * "modal animation 300 ms"). Opening: the stylesheet's `@starting-style` fades and lifts it in.
 * Closing: the dialog gets `data-closing` (the stylesheet fades it out) and `inert` (nothing in it
 * acts twice), stays open for `closeMs`, then close() runs and focus returns where it was before
 * opening. With `prefers-reduced-motion: reduce` it closes at once, with no animation. Opening again
 * while closing cancels the close.
 *
 * Escape's `cancel` is held (preventDefault) so that it closes through `open` like every other way,
 * animated: the dialog's owner must handle `onCancel` by setting `open` to false. A `close` event
 * fires only when the dialog has really closed. Without showModal/close (old engines) it sets or
 * removes the `open` attribute instead.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  open: boolean,
  options: ModalDialogOptions = {},
): void {
  const closeMs = options.closeMs ?? MODAL_ANIMATION_MS;
  const closing = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const holdCancel = (event: Event) => event.preventDefault();
    dialog.addEventListener("cancel", holdCancel);
    return () => dialog.removeEventListener("cancel", holdCancel);
  }, [ref]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const finishClose = () => {
      closing.current = null;
      dialog.removeAttribute("data-closing");
      dialog.inert = false;
      if (!dialog.open) return;
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    };
    if (open) {
      if (closing.current !== null) {
        clearTimeout(closing.current);
        closing.current = null;
        dialog.removeAttribute("data-closing");
        dialog.inert = false;
      }
      if (!dialog.open) {
        if (typeof dialog.showModal === "function") dialog.showModal();
        else dialog.setAttribute("open", "");
      }
    } else if (dialog.open && closing.current === null) {
      const ms = motionMs(closeMs);
      if (ms === 0) finishClose();
      else {
        dialog.setAttribute("data-closing", "");
        dialog.inert = true;
        closing.current = setTimeout(finishClose, ms);
      }
    }
  }, [ref, open, closeMs]);

  useEffect(
    () => () => {
      if (closing.current !== null) clearTimeout(closing.current);
      closing.current = null;
    },
    [],
  );
}
