import { useSetAtom } from "jotai";
import { ArrowDownToLine, ArrowUpDown, ArrowUpToLine, DoorClosed, DoorOpen, Square } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DoorStatePayload, GarageAction, GarageDoor } from "../../../../contract/garage";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { Tile, TileValue } from "../../../ui/Tile";
import { gateReasonProps, useCommandGate } from "../../../platform/commands";
import { doorCommand, doorTarget } from "../commands";

/** Actions that move the door: each asks for confirmation first. */
const MOVING: readonly GarageAction[] = ["open", "close", "toggle"];
const ICONS = { open: ArrowUpToLine, close: ArrowDownToLine, toggle: ArrowUpDown, stop: Square } as const;

/** Props of {@link DoorControl}. */
export type DoorControlProps = {
  door: GarageDoor;
  /** The door's live state (never null here: the section shows only doors the hub reported). */
  state: DoorStatePayload;
  /** "car": larger touch targets for the car dashboard. */
  variant?: "home" | "car";
};

/**
 * One garage door or gate (spec §4): a {@link Tile} `data-testid="door-<door>"` with its
 * live motion state as the reading ('Otwiera się', 'Otwarta', 'Zamyka się', 'Zamknięta',
 * 'Zatrzymana'; `data-state`), its position in %, the buttons Otwórz / Zamknij / Przełącz /
 * Zatrzymaj and the constantStop switch. Open, close and toggle ask first in a {@link ConfirmDialog}
 * (Cancel sends nothing); stop and constantStop do not move the door and go at once. Every control
 * is disabled while offline, locked, while a command for this door is on its way ('Wysyłanie…'),
 * or while the door's shutter device is unreachable (`availability/<device>` offline, Tasmota LWT
 * Offline): its reading is then 'Niedostępne'.
 */
export function DoorControl({ door, state, variant = "home" }: DoorControlProps) {
  const { t } = useTranslation();
  const send = useSetAtom(doorCommand);
  const gate = useCommandGate({ device: state.device, key: doorTarget(door) });
  const { disabled, pending, unavailable } = gate;
  const [confirming, setConfirming] = useState<GarageAction | null>(null);
  const Icon = state.state === "closed" ? DoorClosed : DoorOpen;

  const press = (action: GarageAction) => {
    if (MOVING.includes(action)) setConfirming(action);
    else void send({ door, command: action });
  };
  const confirm = () => {
    const action = confirming;
    setConfirming(null);
    if (action) void send({ door, command: action });
  };

  return (
    <Tile testId={`door-${door}`} freshness="fresh" name={state.label} icon={<Icon />} title={state.label}>
      <div
        className={`door door--${variant}`}
        data-state={unavailable ? "unavailable" : state.state}
        aria-busy={pending}
      >
        <TileValue
          text={unavailable ? t("garage.unavailable") : t(`garage.states.${state.state}`)}
          unit=""
          spaced={false}
          variant="word"
          testId={`door-${door}-state`}
        />
        <p className="door__position">
          <meter
            className="door__meter"
            min={0}
            max={100}
            value={state.position}
            aria-label={t("garage.position", { position: state.position })}
          />
          <span>{t("garage.position", { position: state.position })}</span>
        </p>
        {state.constantStop && <p className="door__note">{t("garage.constantStopOn")}</p>}
        {pending && (
          <p className="door__note" role="status">
            {t("garage.sending")}
          </p>
        )}
        <div className="door__actions" role="group" aria-label={t("garage.controls", { label: state.label })}>
          {(["open", "close", "toggle", "stop"] as const).map((action) => {
            const ActionIcon = ICONS[action];
            return (
              <button
                key={action}
                type="button"
                className="button door__button"
                disabled={disabled}
                {...gateReasonProps(gate)}
                onClick={() => press(action)}
              >
                <ActionIcon aria-hidden="true" size={variant === "car" ? 32 : 18} />
                <span>{t(`garage.actions.${action}`)}</span>
              </button>
            );
          })}
        </div>
        <label className="door__constant-stop">
          <input
            type="checkbox"
            checked={state.constantStop}
            disabled={disabled}
            {...gateReasonProps(gate)}
            onChange={(event) => void send({ door, command: "constantStop", value: event.target.checked })}
          />
          <span>{t("garage.constantStop")}</span>
        </label>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`garage.confirm.${confirming}`, { label: state.label }) : ""}
        message={t("garage.confirm.message", { label: state.label })}
        confirmLabel={confirming ? t(`garage.actions.${confirming}`) : ""}
        cancelLabel={t("garage.cancel")}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </Tile>
  );
}
