import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../ui/Spinner";
import { liveConnectedAtom } from "../atoms";

/**
 * The red spinner of the top bar (spec §2): shown whenever the live connection's last event is not
 * "connect" (UI contract: role="status", aria-label 'Brak połączenia na żywo', data-testid="live-spinner").
 * Its slot (`.live-slot`, a fixed-size box) is always there, so the bar never moves when the spinner
 * appears; while connected the slot is empty and nothing is announced.
 */
export function LiveSpinner() {
  const connected = useAtomValue(liveConnectedAtom);
  const { t } = useTranslation();
  const down = !connected;
  return (
    <span className="live-slot" data-live={down ? "down" : "up"}>
      {down && <Spinner label={t("nav.liveDown")} tone="alert" testId="live-spinner" />}
    </span>
  );
}
