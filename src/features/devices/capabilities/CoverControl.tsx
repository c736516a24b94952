import { ArrowDownToLine, ArrowUpToLine, Square } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Capability } from "../../../../contract/devices";
import { GateReason, gateReasonProps } from "../../../platform/commands";
import { canSet, featureNamed } from "./model";
import { useCapabilityName } from "./name";
import { NumericControl } from "./NumericControl";
import { ReadOnlyValue } from "./ReadOnlyValue";
import { useCapabilityControl, type DeviceRef } from "./useCapabilityControl";

/** The cover's moves, Zigbee2MQTT's `state` values, with their words and icons. */
const MOVES = [
  { value: "OPEN", key: "open", Icon: ArrowUpToLine },
  { value: "CLOSE", key: "close", Icon: ArrowDownToLine },
  { value: "STOP", key: "stop", Icon: Square },
] as const;

/** Props of {@link CoverControl}. */
export type CoverControlProps = { device: DeviceRef; capability: Capability };

/**
 * A cover (blind, curtain, shutter, garage door): its position as a slider 'Pozycja' (0-100 %,
 * sent on release) and the buttons 'Otwórz', 'Zamknij', 'Zatrzymaj' (the `state` values OPEN,
 * CLOSE, STOP it lists) in a group 'Sterowanie: <name>'. A cover moves for seconds, so a set counts
 * as confirmed when the device reports anything after it (its position on the way), not the end.
 */
export function CoverControl({ device, capability }: CoverControlProps) {
  const name = useCapabilityName(capability);
  const position = featureNamed(capability, "position");
  const tilt = featureNamed(capability, "tilt");
  const state = featureNamed(capability, "state");
  return (
    <div className="capability-group capability-group--cover" role="group" aria-label={name}>
      {position ? (
        canSet(position) ? (
          <NumericControl device={device} capability={position} variant="slider" confirm="report" />
        ) : (
          <ReadOnlyValue deviceId={device.id} offline={device.offline} capability={position} />
        )
      ) : null}
      {state && canSet(state) ? <CoverMoves device={device} state={state} name={name} /> : null}
      {tilt && canSet(tilt) ? (
        <NumericControl device={device} capability={tilt} variant="slider" confirm="report" />
      ) : null}
    </div>
  );
}

function CoverMoves({ device, state, name }: { device: DeviceRef; state: Capability; name: string }) {
  const { t } = useTranslation();
  const { gate, reasonId, send } = useCapabilityControl(device, state);
  const listed = (state.values ?? []).map(String);
  const moves = MOVES.filter((move) => listed.length === 0 || listed.includes(move.value));
  return (
    <div
      className="capability__moves"
      role="group"
      aria-label={t("deviceTiles.cover.controls", { name })}
      aria-busy={gate.pending || undefined}
      data-testid={`capability-${state.property ?? ""}`}
    >
      {moves.map(({ value, key, Icon }) => (
        <button
          key={value}
          type="button"
          className="button capability__move"
          aria-describedby={gate.reason === null ? undefined : reasonId}
          disabled={gate.disabled}
          {...gateReasonProps(gate)}
          onClick={() => void send(value, "report")}
        >
          <Icon aria-hidden="true" size={20} />
          <span>{t(`deviceTiles.cover.${key}`)}</span>
        </button>
      ))}
      <GateReason id={reasonId} reason={gate.reason} />
    </div>
  );
}
