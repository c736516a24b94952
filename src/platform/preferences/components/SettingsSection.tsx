import { useId, type ReactNode } from "react";
import "./settings.css";

/** Props of {@link SettingsSection}. */
export type SettingsSectionProps = {
  /** The section's heading (a level-2 heading naming the region), e.g. 'To urządzenie'. */
  title: string;
  /** One line saying whom the settings below apply to. */
  intro?: string | undefined;
  children: ReactNode;
};

/**
 * A headed group of menu settings, a region named by its heading: e.g. 'To urządzenie' (kept in this
 * browser) or 'Konto' (PATCH /preferences, every device of the account).
 */
export function SettingsSection({ title, intro, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-section__title">
        {title}
      </h2>
      {intro && <p className="settings-section__intro">{intro}</p>}
      {children}
    </section>
  );
}
