import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { switchesWithoutPurposeCountAtom } from "../atoms";

/**
 * The switches link's badge (spec §2): the number of switches with no purpose set, hidden when 0.
 * data-testid="switches-badge" (UI contract).
 */
export function SwitchesBadge() {
  const count = useAtomValue(switchesWithoutPurposeCountAtom);
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <span className="badge" data-testid="switches-badge" title={t("nav.switchesWithoutPurpose", { count })}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t("nav.switchesWithoutPurpose", { count })}</span>
    </span>
  );
}
