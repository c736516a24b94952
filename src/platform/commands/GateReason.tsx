/** Props of {@link GateReason}. */
export type GateReasonProps = { id: string; reason: string | null };

/**
 * A gated control's reason as a hidden element its `aria-describedby` names beside its own
 * description (a screen reader reads it; nothing is shown). Nothing while the control may act.
 */
export function GateReason({ id, reason }: GateReasonProps) {
  return reason === null ? null : (
    <span id={id} hidden>
      {reason}
    </span>
  );
}
