import { useAtomValue, useSetAtom } from "jotai";
import { useId } from "react";
import { sessionAtom } from "../../auth/atoms";
import { commandPendingAtom } from "../../commands";
import { offlineAtom } from "../../offline/atoms";
import { switchAvailabilityAtom } from "../availability";
import { switchTarget, toggleSwitchCommand } from "../commands";
import { switchPowerAtom } from "../power";

/**
 * What a switch control (`role="switch"`) of switch `name` (relay `relay`, none = the whole switch)
 * needs: whether its device is unavailable (availability offline) and whether a press is pending,
 * the id its {@link SwitchState} takes (`stateId`), and the button's props: `aria-checked` (on),
 * `aria-describedby` (the state's word: 'Brak danych' and 'Niedostępne' say what aria-checked cannot),
 * `aria-busy` (pending), disabled while offline, locked or unavailable, and a click that sends
 * toggleSwitchCommand (ignored while pending).
 */
export function useSwitchControl(name: string, relay: number | undefined) {
  const press = { name, relay };
  const state = useAtomValue(switchPowerAtom(name, relay));
  const unavailable = useAtomValue(switchAvailabilityAtom(name)) === "offline";
  const pending = useAtomValue(commandPendingAtom(switchTarget(press)));
  const offline = useAtomValue(offlineAtom);
  const locked = useAtomValue(sessionAtom).status === "locked";
  const toggle = useSetAtom(toggleSwitchCommand);
  const stateId = useId();
  return {
    unavailable,
    pending,
    stateId,
    buttonProps: {
      type: "button" as const,
      role: "switch",
      "aria-checked": state === "on",
      "aria-describedby": stateId,
      "aria-busy": pending || undefined,
      disabled: unavailable || offline || locked,
      "data-pending": pending || undefined,
      onClick: () => {
        if (!pending) void toggle(press);
      },
    },
  };
}
