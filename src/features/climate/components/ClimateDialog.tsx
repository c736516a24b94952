import { useModalDialog } from "../../../ui/useModalDialog";
import { useId, useRef, type ReactNode } from "react";

/** Props of {@link ClimateDialog}. */
export type ClimateDialogProps = {
  title: string;
  open: boolean;
  onClose: () => void;
  closeText: string;
  testId: string;
  children: ReactNode;
};

/**
 * The heater's and the AC's panel: a native modal `<dialog>` titled with the device's
 * label (focus kept inside, Escape closes), its controls, and a close button.
 */
export function ClimateDialog({ title, open, onClose, closeText, testId, children }: ClimateDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModalDialog(ref, open);
  return (
    <dialog
      ref={ref}
      className="climate-panel"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onClose}
      data-testid={testId}
    >
      <h2 id={titleId} className="climate-panel__title">
        {title}
      </h2>
      {children}
      <button type="button" className="button climate-panel__close" onClick={onClose}>
        {closeText}
      </button>
    </dialog>
  );
}
