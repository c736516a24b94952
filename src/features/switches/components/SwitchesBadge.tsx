import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { switchesWithoutPurposeCountAtom } from "../atoms";

/** Props of {@link SwitchesBadge}. */
export type SwitchesBadgeProps = {
  /** Id of the hidden description ("3 przełączniki bez przeznaczenia") the link points to with aria-describedby. */
  descriptionId: string;
};

/**
 * The switches link's badge (spec §2): the number of switches with no purpose set, hidden when 0.
 * data-testid="switches-badge" (UI contract). The number is decorative for screen readers; the link
 * is described by the plural sentence instead, so its accessible name stays 'Przełączniki'.
 */
export function SwitchesBadge({ descriptionId }: SwitchesBadgeProps) {
  const count = useAtomValue(switchesWithoutPurposeCountAtom);
  const { t } = useTranslation();
  if (count === 0) return null;
  const description = t("nav.switchesWithoutPurpose", { count });
  return (
    <span className="badge" data-testid="switches-badge" title={description} aria-hidden="true">
      {count}
      <span id={descriptionId} hidden>
        {description}
      </span>
    </span>
  );
}
