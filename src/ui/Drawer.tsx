import { X } from "lucide-react";
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode, type SyntheticEvent } from "react";
import { DRAWER_CLOSE_MS } from "./timings";
import { useModalDialog } from "./useModalDialog";
import "./Drawer.css";

/** Props of {@link Drawer}. */
export type DrawerProps = {
  /** The drawer's heading (an h1: it is the page's content) and accessible name. */
  title: string;
  /** Accessible name of the close button ('Zamknij menu'). */
  closeLabel: string;
  /** Called once the drawer has closed, after its closing animation (e.g. to leave the route). */
  onClosed: () => void;
  children: ReactNode;
  testId?: string;
};

/**
 * A drawer for the phone (spec §9 "drawer close 500 ms"): a native modal `<dialog>` at the left edge,
 * full height, that slides in when mounted and slides out in 500 ms when closed (at once with reduced
 * motion; {@link useModalDialog} with the drawer's duration). The page behind is inert and dimmed;
 * focus moves to the close button and returns where it was when it closes. The close button,
 * Escape and a tap on the dimmed backdrop close it; `onClosed` follows the animation.
 */
export function Drawer({ title, closeLabel, onClosed, children, testId }: DrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(true);
  useModalDialog(dialogRef, open, { closeMs: DRAWER_CLOSE_MS });
  useEffect(() => closeRef.current?.focus(), []);

  // React passes a nested dialog's cancel and close (a confirmation opened from the drawer) up the
  // tree: only the drawer's own count.
  const handleCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    setOpen(false);
  };
  const handleClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClosed();
  };
  // A click on the dialog element itself is a click on its backdrop: the box inside fills the drawer.
  const handleBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) setOpen(false);
  };

  return (
    <dialog
      ref={dialogRef}
      className="drawer"
      aria-labelledby={titleId}
      onCancel={handleCancel}
      onClose={handleClose}
      onClick={handleBackdropClick}
      data-testid={testId}
    >
      <div className="drawer__box">
        <div className="drawer__head">
          <h1 id={titleId} className="drawer__title">
            {title}
          </h1>
          <button
            ref={closeRef}
            type="button"
            className="button drawer__close"
            aria-label={closeLabel}
            title={closeLabel}
            onClick={() => setOpen(false)}
          >
            <X aria-hidden="true" />
          </button>
        </div>
        <div className="drawer__body">{children}</div>
      </div>
    </dialog>
  );
}
