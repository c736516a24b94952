import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { switchPowerAtom } from "../power";

/** Props of {@link SwitchState}. */
export type SwitchStateProps = { name: string; relay?: number | undefined };

/**
 * The live power state of a switch or one of its relays (spec §3): 'Włączony', 'Wyłączony' or
 * 'Brak danych', with a dot that is filled when on, hollow when off and dashed when unknown (the
 * word carries the meaning, colour only helps).
 */
export function SwitchState({ name, relay }: SwitchStateProps) {
  const state = useAtomValue(switchPowerAtom(name, relay));
  const { t } = useTranslation();
  return (
    <span className={`switch-state state--${state}`} data-state={state}>
      <span className="switch-state__dot" aria-hidden="true" />
      {t(`switches.${state}`)}
    </span>
  );
}

/** Props of {@link SwitchRow}. */
export type SwitchRowProps = { name: string; relay?: number | undefined; label: string };

/** One line of the switches screen: a label (a relay's or a whole switch's) and its live state, read-only. */
export function SwitchRow({ name, relay, label }: SwitchRowProps) {
  return (
    <li className="switch-row" data-testid={`switch-${name}${relay === undefined ? "" : `-${relay}`}`}>
      <span className="switch-row__label">{label}</span>
      <SwitchState name={name} relay={relay} />
    </li>
  );
}
