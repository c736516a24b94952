import { useId, useRef, type ReactNode } from "react";
import { useModalDialog } from "./useModalDialog";
import "./PanelDialog.css";

/** Props of {@link PanelDialog}. */
export type PanelDialogProps = {
  /** The heading: the device's label. */
  title: string;
  open: boolean;
  onClose: () => void;
  /** The close button's words ('Zamknij'). */
  closeText: string;
  testId: string;
  /** The panel's own class (its width and its controls' styles): `climate-panel`, `light-panel`. */
  className: string;
  /** The controls, each row a `panel-dialog__row`. */
  children: ReactNode;
};

/**
 * A device's panel of controls (a light's, the heater's, an AC unit's): a native modal `<dialog>`
 * (focus kept inside, Escape closes, the opening and closing animation of useModalDialog) titled
 * with the device's label, its controls, and a full-width close button. Scrolls inside when taller
 * than the screen (PanelDialog.css).
 */
export function PanelDialog({ title, open, onClose, closeText, testId, className, children }: PanelDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModalDialog(ref, open);
  return (
    <dialog
      ref={ref}
      className={`panel-dialog ${className}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onClose}
      data-testid={testId}
    >
      <h2 id={titleId} className="panel-dialog__title">
        {title}
      </h2>
      {children}
      <button type="button" className="button panel-dialog__close" onClick={onClose}>
        {closeText}
      </button>
    </dialog>
  );
}
