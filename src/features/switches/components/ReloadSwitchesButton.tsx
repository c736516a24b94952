import { useSetAtom } from "jotai";
import { RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { gateReasonProps, useCommandGate } from "../../../platform/commands";
import { reloadSwitchesCommand } from "../commands";

/**
 * 'Wczytaj przełączniki z huba': reloads the switch definitions from the hub (spec §7 `POST
 * config/switches/reload`, reloadSwitchesCommand), e.g. after the household file changed. Busy while
 * the call is on its way; disabled offline or locked (nothing is sent).
 */
export function ReloadSwitchesButton() {
  const { t } = useTranslation();
  const reload = useSetAtom(reloadSwitchesCommand);
  const gate = useCommandGate({ key: "switches:reload", pendingDisables: false });
  const { disabled, pending } = gate;
  return (
    <button
      type="button"
      className="button switches__reload"
      disabled={disabled}
      {...gateReasonProps(gate)}
      aria-busy={pending || undefined}
      onClick={() => void reload()}
    >
      <RefreshCw size={18} aria-hidden="true" />
      {t("switches.reload")}
    </button>
  );
}
