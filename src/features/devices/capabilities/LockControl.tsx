import { useAtomValue } from "jotai";
import { LockKeyhole, LockKeyholeOpen } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Capability } from "../../../../contract/devices";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { GateReason, gateReasonProps } from "../../../platform/commands";
import { canSet, featureNamed, sameValue } from "./model";
import { useCapabilityName } from "./name";
import { ReadOnlyValue } from "./ReadOnlyValue";
import { deviceValueAtom } from "./state";
import { useCapabilityControl, type DeviceRef } from "./useCapabilityControl";

/** Props of {@link LockControl}. */
export type LockControlProps = { device: DeviceRef; capability: Capability; label: string };

/**
 * A door lock: its state in words ('Zamknięty' when the device reports `value_on`, LOCK; 'Otwarty'
 * for `value_off`, UNLOCK; 'Brak danych' before any) and the buttons 'Zamknij' and 'Otwórz'.
 * Locking goes at once; opening asks first in a ConfirmDialog 'Otworzyć zamek: <label>?' (as the
 * gate's moves do; 'Anuluj' sends nothing). Pending until the device reports the value sent; the
 * command gate disables both. Its `lock_state` shows as a read-only value when it says more than
 * the state word ('Niedomknięty'), or when the lock has no settable state.
 */
export function LockControl({ device, capability, label }: LockControlProps) {
  const { t } = useTranslation();
  const name = useCapabilityName(capability);
  const state = featureNamed(capability, "state");
  const lockState = featureNamed(capability, "lock_state");
  return (
    <div className="capability-group capability-group--lock" role="group" aria-label={name}>
      {state && canSet(state) ? <LockButtons device={device} state={state} label={label} /> : null}
      {state && !canSet(state) ? (
        <ReadOnlyValue deviceId={device.id} offline={device.offline} capability={state} />
      ) : null}
      {lockState ? (
        <LockStateValue device={device} lockState={lockState} shownByButtons={state !== undefined && canSet(state)} />
      ) : null}
      {!state && !lockState ? <p className="capability__note">{t("deviceTiles.unknown")}</p> : null}
    </div>
  );
}

/** `lock_state`, unless the state word above already says it (locked, unlocked). */
function LockStateValue({
  device,
  lockState,
  shownByButtons,
}: {
  device: DeviceRef;
  lockState: Capability;
  shownByButtons: boolean;
}) {
  const value = useAtomValue(deviceValueAtom(device.id, lockState.property ?? ""));
  if (shownByButtons && (value === "locked" || value === "unlocked")) return null;
  return <ReadOnlyValue deviceId={device.id} offline={device.offline} capability={lockState} />;
}

function LockButtons({ device, state, label }: { device: DeviceRef; state: Capability; label: string }) {
  const { t } = useTranslation();
  const { value, gate, reasonId, send } = useCapabilityControl(device, state);
  const [confirming, setConfirming] = useState(false);
  const locked = sameValue(value, state.value_on ?? "LOCK");
  const unlocked = sameValue(value, state.value_off ?? "UNLOCK");
  const Icon = unlocked ? LockKeyholeOpen : LockKeyhole;
  const common = {
    type: "button" as const,
    className: "button capability__lock-button",
    "aria-describedby": gate.reason === null ? undefined : reasonId,
    disabled: gate.disabled,
    ...gateReasonProps(gate),
  };
  return (
    <div className="capability capability--lock" data-testid={`capability-${state.property ?? ""}`}>
      <p
        className="capability__reading capability__reading--word"
        data-state={locked ? "locked" : unlocked ? "unlocked" : "unknown"}
      >
        <Icon aria-hidden="true" size={24} />
        {locked ? t("deviceTiles.lock.locked") : unlocked ? t("deviceTiles.lock.unlocked") : t("deviceTiles.unknown")}
      </p>
      <div className="capability__moves" aria-busy={gate.pending || undefined}>
        <button {...common} onClick={() => void send(state.value_on ?? "LOCK")}>
          {t("deviceTiles.lock.lock")}
        </button>
        <button {...common} onClick={() => setConfirming(true)}>
          {t("deviceTiles.lock.unlock")}
        </button>
      </div>
      <GateReason id={reasonId} reason={gate.reason} />
      <ConfirmDialog
        open={confirming}
        title={t("deviceTiles.lock.confirmTitle", { label })}
        message={t("deviceTiles.lock.confirmMessage", { label })}
        confirmLabel={t("deviceTiles.lock.unlock")}
        cancelLabel={t("deviceTiles.lock.cancel")}
        tone="danger"
        onConfirm={() => {
          setConfirming(false);
          void send(state.value_off ?? "UNLOCK");
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
