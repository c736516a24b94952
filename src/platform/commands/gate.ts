import { atom, useAtomValue, type Atom } from "jotai";
import { useTranslation } from "react-i18next";
import { AvailabilityPayloadSchema } from "../../../contract/topics";
import { sessionLockedAtom } from "../auth/atoms";
import { liveFamily } from "../live/family";
import { offlineAtom } from "../offline/atoms";
import { commandPendingAtom } from "./pending";

/** What a control asks the gate about (every field optional). */
export type GateTarget = {
  /** The device whose `availability/<device>` (Tasmota LWT, Zigbee2MQTT availability) must not be offline. */
  device?: string;
  /**
   * True when the caller knows the device is offline from elsewhere (a registry device's
   * `availability` in GET /devices, which has no `availability/<device>` topic); counts as `device` offline.
   */
  deviceOffline?: boolean;
  /** The command target whose pending mark the control shows ({@link commandPendingAtom}: 'switch:lamp/1'). */
  key?: string;
  /** False for a control that stays enabled while its command is on its way (a second press is refused as busy); default true. */
  pendingDisables?: boolean;
  /** True for a control that works on the PIN screen too (the command's own `allowedWhileLocked`); default false. */
  allowedWhileLocked?: boolean;
};

/** Why a control may not act now, first match wins: the order of {@link useCommandGate}. */
export type GateCause = "offline" | "locked" | "unavailable" | "pending";

/**
 * The gate's answer: `disabled` (the control must not act), `pending` (a command for its key is on
 * its way: show it busy), `reason` (the translated sentence of the first cause, null when it may act).
 */
export type CommandGate = {
  disabled: boolean;
  pending: boolean;
  /** The first cause (null when the control may act). */
  cause: GateCause | null;
  reason: string | null;
  /** True while `device` is reported offline, whatever the first cause (a control may say 'Niedostępne' beside it). */
  unavailable: boolean;
};

/** i18n key of each cause's reason (commands.gate.*; locked reuses the refusal toast's text). */
export const GATE_REASON_KEYS: Record<GateCause, string> = {
  offline: "commands.gate.offline",
  locked: "commands.locked",
  unavailable: "commands.gate.unavailable",
  pending: "commands.gate.pending",
};

/** `availability/<device>`: true while the device is reported offline; false when online or not reported yet. */
const deviceOffline = liveFamily({
  pattern: "availability/+",
  schema: AvailabilityPayloadSchema,
  map: (payload) => payload.state === "offline",
});

const NEVER = atom(false);

/**
 * The first cause that stops a control, in the order a command checks them (commandAtom: offline,
 * then locked) followed by the device and the pending mark: offline > locked > unavailable >
 * pending. `pending` counts only where it disables (`pendingDisables`).
 */
export function gateCause(state: {
  offline: boolean;
  locked: boolean;
  unavailable: boolean;
  pending: boolean;
  pendingDisables: boolean;
}): GateCause | null {
  if (state.offline) return "offline";
  if (state.locked) return "locked";
  if (state.unavailable) return "unavailable";
  if (state.pending && state.pendingDisables) return "pending";
  return null;
}

/**
 * The one command gate (DESIGN §4a): whether a control may act now. It is disabled while the
 * dashboard is offline (nothing would be sent, DESIGN §5), while the session is locked (unless
 * `allowedWhileLocked`), while `device` is reported offline on `availability/<device>` (unknown
 * counts as available) or `deviceOffline` says so, and while a command for `key` is on its way (unless `pendingDisables` is
 * false: `pending` is then reported but does not disable). `reason` is the first cause's sentence in
 * the user's language: 'Brak połączenia: nic nie zostanie wysłane.', 'Sesja zablokowana: najpierw
 * odblokuj ją PIN-em.', 'Urządzenie jest niedostępne.', 'Wysyłanie…'.
 */
export function useCommandGate(target: GateTarget = {}): CommandGate {
  const { t } = useTranslation();
  const offline = useAtomValue(offlineAtom);
  const locked = useAtomValue(sessionLockedAtom) && target.allowedWhileLocked !== true;
  const unavailable =
    useAtomValue(target.device === undefined ? NEVER : (deviceOffline(target.device) as Atom<boolean | null>)) ===
      true || target.deviceOffline === true;
  const pending = useAtomValue(target.key === undefined ? NEVER : commandPendingAtom(target.key));
  const cause = gateCause({ offline, locked, unavailable, pending, pendingDisables: target.pendingDisables !== false });
  return {
    disabled: cause !== null,
    pending,
    cause,
    reason: cause === null ? null : t(GATE_REASON_KEYS[cause]),
    unavailable,
  };
}

/**
 * The props that show why a gated control cannot act: `title`, the gate's `reason` (a tooltip on
 * hover, and the control's accessible description when it has no `aria-describedby`; one that has
 * adds the id of a GateReason to it), while the gate holds the control; nothing while it may act.
 */
export function gateReasonProps(gate: Pick<CommandGate, "reason">): { title?: string } {
  return gate.reason === null ? {} : { title: gate.reason };
}
