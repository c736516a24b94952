import { useEffect, type RefObject } from "react";

/**
 * Keeps a native `<dialog>` open as a modal (showModal: the page behind is inert, focus stays
 * inside, Escape cancels) while `open` is true, and closes it when `open` turns false. Without
 * showModal/close (old engines) it sets or removes the `open` attribute instead. The dialog's own
 * `onClose`/`onCancel` handlers report Escape to the caller.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [ref, open]);
}
