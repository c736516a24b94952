import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { switchPowerAtom } from "../power";

/** Props of {@link SwitchRow}. */
export type SwitchRowProps = { name: string; relay?: number; label: string; hasPurpose: boolean };

/** One switch with its live power state, read-only (control arrives in a later issue). */
export function SwitchRow({ name, relay, label, hasPurpose }: SwitchRowProps) {
  const state = useAtomValue(switchPowerAtom(name, relay));
  const { t } = useTranslation();
  return (
    <li
      className="list__item"
      data-testid={`switch-${name}${relay === undefined ? "" : `-${relay}`}`}
      data-state={state}
    >
      <span>
        {label}
        {relay !== undefined && <span className="muted"> · {t("switches.relay", { relay })}</span>}
        {!hasPurpose && <span className="muted"> · {t("switches.noPurpose")}</span>}
      </span>
      <span className={`state--${state}`}>{t(`switches.${state}`)}</span>
    </li>
  );
}
