import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { configAtom } from "../../../platform/config";
import { switchesAtom } from "../../switches";
import { switchOptions, type SwitchOption } from "../options";

/** The switch items the pickers offer (switchOptions over GET /config/switches and the groups of GET /config); null until both are loaded. */
export function useSwitchOptions(): SwitchOption[] | null {
  const { t } = useTranslation();
  const switches = useAtomValue(switchesAtom);
  const config = useAtomValue(configAtom);
  if (switches === null || config === null) return null;
  return switchOptions(switches, config.switchesList, (label, relay) => t("switches.relayLabel", { label, relay }));
}
