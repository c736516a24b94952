import { useAtomValue, useSetAtom } from "jotai";
import { AirVent } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AC_MODES, AC_TEMPERATURE, type AcStatePayload } from "../../../../contract/climate";
import { TileValue } from "../../../ui/Tile";
import { commandPendingAtom } from "../../../platform/commands";
import { acCommand, acTarget } from "../commands";
import { formatCelsius } from "../format";
import { useClimateGate } from "../useClimateGate";
import { ClimateTile, PendingNote } from "./ClimateTile";
import { ModeChoice } from "./ModeChoice";
import { TemperatureStepper } from "./TemperatureStepper";

/** Props of {@link AcTile}. */
export type AcTileProps = { id: string; state: AcStatePayload };

/** The target a unit that never reported one starts from (°C). */
const DEFAULT_TARGET = 22;

/**
 * An air conditioning unit's tile (spec §3 "AC: mode, targetTemperature"): its mode and
 * target as the IR blaster last confirmed them, and a button opening its panel: mode choice (the
 * IRHVAC modes Off, Auto, Cool, Heat, Dry, Fan in Polish) and target stepper (0.5 °C, 16..30). Each
 * control is pending until `ac/<id>` confirms; 'Urządzenie nie odpowiedziało' when nothing does;
 * disabled while offline, locked or while the blaster is LWT Offline ('Niedostępne').
 */
export function AcTile({ id, state }: AcTileProps) {
  const { t } = useTranslation();
  const gate = useClimateGate(state.device);
  const send = useSetAtom(acCommand);
  const pending = {
    mode: useAtomValue(commandPendingAtom(acTarget(id, "mode"))),
    temperature: useAtomValue(commandPendingAtom(acTarget(id, "temperature"))),
  };
  const modeText = state.mode === null ? t("climate.unknown") : t(`climate.ac.modes.${state.mode}`);
  return (
    <ClimateTile
      testId={`ac-tile-${id}`}
      panelTestId={`ac-panel-${id}`}
      data={{ "data-mode": state.mode ?? "unknown" }}
      label={state.label}
      icon={<AirVent />}
      subtitle={
        state.targetTemperature === null
          ? undefined
          : t("climate.targetShort", { value: formatCelsius(state.targetTemperature) })
      }
      value={<TileValue text={modeText} unit="" spaced={false} variant="word" />}
      pending={pending.mode || pending.temperature}
      available={gate.available}
      status=""
    >
      <div className="panel-dialog__row">
        <ModeChoice
          label={t("climate.mode")}
          options={AC_MODES.map((mode) => ({ value: mode, text: t(`climate.ac.modes.${mode}`) }))}
          value={state.mode}
          disabled={gate.disabled || pending.mode}
          title={gate.reason ?? undefined}
          onChoose={(mode) => void send({ id, body: { mode } })}
        />
        <PendingNote on={pending.mode} />
      </div>
      <div className="panel-dialog__row">
        <TemperatureStepper
          label={t("climate.target")}
          value={state.targetTemperature}
          fallback={DEFAULT_TARGET}
          range={AC_TEMPERATURE}
          disabled={gate.disabled || pending.temperature}
          title={gate.reason ?? undefined}
          lowerLabel={t("climate.lower")}
          raiseLabel={t("climate.raise")}
          onChange={(targetTemperature) => void send({ id, body: { targetTemperature } })}
        />
        <PendingNote on={pending.temperature} />
      </div>
    </ClimateTile>
  );
}
