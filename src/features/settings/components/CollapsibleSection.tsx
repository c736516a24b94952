import { useState, type ReactNode } from "react";
import "./settings.css";

/** Props of {@link CollapsibleSection}. */
export type CollapsibleSectionProps = {
  /** The section's heading, e.g. 'Grupy przełączników'; its summary (a level-2 heading). */
  title: string;
  /** One line under the heading saying what the settings do. */
  intro?: string | undefined;
  /** For tests and e2e: `data-testid` of the `<details>`. */
  testId?: string | undefined;
  children: ReactNode;
};

/**
 * A menu section that opens and closes (a native `<details>`: Enter or Space on its summary, touch,
 * the browser keeps it accessible), closed at first so the menu stays short; its contents mount
 * only while it is open (no session list or editors loaded for nothing).
 */
export function CollapsibleSection({ title, intro, testId, children }: CollapsibleSectionProps) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="settings-section settings-collapsible"
      data-testid={testId}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="settings-collapsible__summary">
        <h2 className="settings-section__title">{title}</h2>
      </summary>
      {open && intro && <p className="settings-section__intro settings-collapsible__intro">{intro}</p>}
      {open && children}
    </details>
  );
}
