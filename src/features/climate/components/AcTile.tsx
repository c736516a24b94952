import { useAtomValue, useSetAtom } from "jotai";
import { AirVent, SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AC_MODES, AC_TEMPERATURE, type AcStatePayload } from "../../../../contract/climate";
import { Tile, TileValue } from "../../../ui/Tile";
import { commandPendingAtom } from "../../../platform/commands";
import { acCommand, acTarget } from "../commands";
import { formatCelsius } from "../format";
import { useClimateGate } from "../useClimateGate";
import { ClimateDialog } from "./ClimateDialog";
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
  const [open, setOpen] = useState(false);
  const gate = useClimateGate(state.device);
  const send = useSetAtom(acCommand);
  const pending = {
    mode: useAtomValue(commandPendingAtom(acTarget(id, "mode"))),
    temperature: useAtomValue(commandPendingAtom(acTarget(id, "temperature"))),
  };
  const anyPending = pending.mode || pending.temperature;
  const modeText = state.mode === null ? t("climate.unknown") : t(`climate.ac.modes.${state.mode}`);
  const note = (on: boolean) =>
    on ? (
      <span className="climate-panel__pending" role="status">
        {t("climate.pending")}
      </span>
    ) : null;
  return (
    <div
      className="climate-tile"
      data-testid={`ac-tile-${id}`}
      data-pending={anyPending}
      data-mode={state.mode ?? "unknown"}
    >
      <Tile
        // An IR unit reports nothing until it is sent a command (IRHVAC is one-way): its blaster is
        // heard, so the tile is not waiting for data; its mode reads 'Brak danych' until then.
        freshness="fresh"
        name={state.label}
        icon={<AirVent />}
        title={state.label}
        subtitle={
          state.targetTemperature === null
            ? undefined
            : t("climate.targetShort", { value: formatCelsius(state.targetTemperature) })
        }
        footer={
          anyPending ? (
            <span role="status">{t("climate.pending")}</span>
          ) : (
            <span>{gate.available ? "" : t("climate.unavailable")}</span>
          )
        }
      >
        <div className="climate-tile__body">
          <TileValue text={modeText} unit="" spaced={false} variant="word" />
          <button
            type="button"
            className="button climate-tile__open"
            onClick={() => setOpen(true)}
            aria-label={t("climate.settings", { label: state.label })}
          >
            <SlidersHorizontal aria-hidden="true" />
          </button>
        </div>
      </Tile>
      <ClimateDialog
        title={state.label}
        open={open}
        onClose={() => setOpen(false)}
        closeText={t("climate.close")}
        testId={`ac-panel-${id}`}
      >
        {!gate.available && <p className="climate-panel__unavailable">{t("climate.unavailable")}</p>}
        <div className="climate-panel__row">
          <ModeChoice
            label={t("climate.mode")}
            options={AC_MODES.map((mode) => ({ value: mode, text: t(`climate.ac.modes.${mode}`) }))}
            value={state.mode}
            disabled={gate.disabled || pending.mode}
            title={gate.reason ?? undefined}
            onChoose={(mode) => void send({ id, body: { mode } })}
          />
          {note(pending.mode)}
        </div>
        <div className="climate-panel__row">
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
          {note(pending.temperature)}
        </div>
      </ClimateDialog>
    </div>
  );
}
