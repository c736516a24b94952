import { useAtomValue } from "jotai";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { switchPowerAtom } from "../power";
import { GateReason } from "../../../platform/commands";
import { useSwitchControl } from "./useSwitchControl";

/** Props of {@link SwitchState}. */
export type SwitchStateProps = {
  name: string;
  relay?: number | undefined;
  pending?: boolean;
  unavailable?: boolean;
  id?: string;
};

/**
 * The live power state of a switch or one of its relays (spec §3): 'Włączony', 'Wyłączony',
 * 'Brak danych' or 'Niedostępne' (its device is offline), with a dot that is filled when on, hollow
 * when off and dashed when unknown, or a small spinner while a press waits for the device (the
 * word carries the meaning, colour only helps). It sits inside its switch control and is hidden from
 * the accessibility tree there: the control's `aria-checked` says on or off, and `id` makes the word
 * the control's description (`aria-describedby`), so the control's name stays its label alone and
 * holds all of its visible label (WCAG 2.5.3 Label in Name; the toggle pattern of Inclusive Components).
 */
export function SwitchState({ name, relay, pending = false, unavailable = false, id }: SwitchStateProps) {
  const state = useAtomValue(switchPowerAtom(name, relay));
  const { t } = useTranslation();
  const shown = unavailable ? "unavailable" : state;
  return (
    <span className={`switch-state state--${shown}`} data-state={shown} id={id} aria-hidden="true">
      {pending ? (
        <span className="spinner spinner--neutral switch-state__spinner" aria-hidden="true">
          <span className="spinner__ring" />
        </span>
      ) : (
        <span className="switch-state__dot" aria-hidden="true" />
      )}
      {t(`switches.${shown}`)}
    </span>
  );
}

/** Props of {@link SwitchToggle}. */
export type SwitchToggleProps = { name: string; labelledBy: string };

/**
 * The control of a whole switch (an item 'name', spec §3): a real switch (`role="switch"`,
 * `aria-checked`) named by the element `labelledBy` (the switch's label), showing its live state.
 * A press sends ON or OFF (toggleSwitchCommand) and shows pending until the device confirms;
 * disabled while offline, locked or while the device is unavailable.
 */
export function SwitchToggle({ name, labelledBy }: SwitchToggleProps) {
  const { unavailable, pending, stateId, reason, reasonId, buttonProps } = useSwitchControl(name, undefined);
  return (
    <button
      {...buttonProps}
      className="switch-control switch-control--state"
      aria-labelledby={labelledBy}
      data-testid={`switch-toggle-${name}`}
    >
      <SwitchState name={name} pending={pending} unavailable={unavailable} id={stateId} />
      <GateReason id={reasonId} reason={reason} />
    </button>
  );
}

/** Props of {@link SwitchRow}. */
export type SwitchRowProps = { name: string; relay?: number | undefined; label: string; switchLabelId?: string };

/**
 * One relay line of the switches screen: the whole line is the relay's switch control
 * (`role="switch"`, named '<switch label> <relay label>' through aria-labelledby), with its label and
 * live state; see {@link SwitchToggle} for what a press does.
 */
export function SwitchRow({ name, relay, label, switchLabelId }: SwitchRowProps) {
  const labelId = useId();
  const { unavailable, pending, stateId, reason, reasonId, buttonProps } = useSwitchControl(name, relay);
  return (
    <li className="switch-row-item" data-testid={`switch-${name}${relay === undefined ? "" : `-${relay}`}`}>
      <button
        {...buttonProps}
        className="switch-control switch-row"
        aria-labelledby={switchLabelId ? `${switchLabelId} ${labelId}` : labelId}
      >
        <span className="switch-row__label" id={labelId}>
          {label}
        </span>
        <SwitchState name={name} relay={relay} pending={pending} unavailable={unavailable} id={stateId} />
        <GateReason id={reasonId} reason={reason} />
      </button>
    </li>
  );
}
