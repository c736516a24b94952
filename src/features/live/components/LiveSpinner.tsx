import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../ui/Spinner";
import { liveConnectionStateAtom } from "../atoms";

/**
 * The red spinner of the top bar (spec §2): shown whenever the live connection's last event is not
 * "connect" (UI contract: role="status", aria-label 'Brak połączenia na żywo', data-testid="live-spinner").
 */
export function LiveSpinner() {
  const state = useAtomValue(liveConnectionStateAtom);
  const { t } = useTranslation();
  if (state === "connect") return null;
  return <Spinner label={t("nav.liveDown")} tone="alert" testId="live-spinner" />;
}
