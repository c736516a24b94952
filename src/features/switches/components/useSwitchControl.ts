import { useAtomValue, useSetAtom } from "jotai";
import { useId } from "react";
import { gateReasonProps, useCommandGate } from "../../../platform/commands";
import { switchTarget, toggleSwitchCommand } from "../commands";
import { switchPowerAtom } from "../power";

/**
 * What a switch control (`role="switch"`) of switch `name` (relay `relay`, none = the whole switch)
 * needs: whether its device is unavailable (availability offline) and whether a press is pending,
 * the id its {@link SwitchState} takes (`stateId`), and the button's props: `aria-checked` (on),
 * `aria-describedby` (the state's word: 'Brak danych' and 'Niedostępne' say what aria-checked cannot),
 * `aria-busy` (pending), disabled while offline, locked or unavailable (useCommandGate; a pending press
 * does not disable it) with the gate's reason as `title` and in the description (the control renders
 * `<GateReason id={reasonId} reason={reason} />`), and a click that sends toggleSwitchCommand
 * (ignored while pending).
 */
export function useSwitchControl(name: string, relay: number | undefined) {
  const press = { name, relay };
  const state = useAtomValue(switchPowerAtom(name, relay));
  const gate = useCommandGate({ device: name, key: switchTarget(press), pendingDisables: false });
  const { unavailable, pending } = gate;
  const toggle = useSetAtom(toggleSwitchCommand);
  const stateId = useId();
  const reasonId = useId();
  return {
    unavailable,
    pending,
    stateId,
    reason: gate.reason,
    reasonId,
    buttonProps: {
      type: "button" as const,
      role: "switch",
      "aria-checked": state === "on",
      "aria-describedby": gate.reason === null ? stateId : `${stateId} ${reasonId}`,
      ...gateReasonProps(gate),
      "aria-busy": pending || undefined,
      disabled: gate.disabled,
      "data-pending": pending || undefined,
      onClick: () => {
        if (!pending) void toggle(press);
      },
    },
  };
}
