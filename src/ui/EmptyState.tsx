import type { ReactNode } from "react";
import "./EmptyState.css";

/** Props of {@link EmptyState}. */
export type EmptyStateProps = {
  /** A decorative icon (hidden from assistive tech), e.g. a lucide icon element. */
  icon?: ReactNode;
  /** What is missing, e.g. 'Brak kamer' (a level-2 heading). */
  title: string;
  /** One line telling the household what to do about it. */
  hint?: string | undefined;
  /** An action under the hint (a link or a button). */
  children?: ReactNode;
  testId?: string;
};

/**
 * A neutral empty state (STYLE.md: "Empty states tell the household what to do, never what we have
 * not built"): icon, a short heading and one line of advice, optionally an action.
 */
export function EmptyState({ icon, title, hint, children, testId }: EmptyStateProps) {
  return (
    <div className="empty-state" data-testid={testId}>
      {icon && (
        <span className="empty-state__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <h2 className="empty-state__title">{title}</h2>
      {hint && <p className="empty-state__hint">{hint}</p>}
      {children}
    </div>
  );
}
