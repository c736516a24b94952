import { useAtomValue, useSetAtom } from "jotai";
import { Flame } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { HEATER_MODES, HEATER_TEMPERATURE, type HeaterStatePayload } from "../../../../contract/climate";
import { DEVICE_SOURCES } from "../../../../contract/devices";
import type { Sensor } from "../../../../contract/sensors";
import { TileValue } from "../../../ui/Tile";
import { commandPendingAtom } from "../../../platform/commands";
import { heaterConfigCommand, heaterModeCommand, heaterTarget } from "../commands";
import { formatCelsius } from "../format";
import { useClimateGate } from "../useClimateGate";
import { ClimateTile, PendingNote } from "./ClimateTile";
import { ModeChoice } from "./ModeChoice";
import { TemperatureStepper } from "./TemperatureStepper";

/** Props of {@link HeaterTile}. */
export type HeaterTileProps = {
  state: HeaterStatePayload;
  /** The household's sensors (GET /config/sensors); the temperature ones are the picker's choices. */
  sensors: readonly Sensor[];
};

/**
 * The heater's tile (spec §3 "heater state"): the controlling sensor's temperature, the
 * mode and target, whether the relay heats now, and a button opening its panel: mode choice
 * (Wyłączone / Włączone / Automatyczne), target temperature stepper (0.5 °C), controlling sensor
 * picker. Each control shows 'Czeka na potwierdzenie…' until `heater/state` confirms it; all are
 * disabled while offline, locked or while the relay is LWT Offline ('Niedostępne').
 */
export function HeaterTile({ state, sensors }: HeaterTileProps) {
  const { t } = useTranslation();
  const gate = useClimateGate(state.device);
  const setMode = useSetAtom(heaterModeCommand);
  const setConfig = useSetAtom(heaterConfigCommand);
  const pending = {
    mode: useAtomValue(commandPendingAtom(heaterTarget("mode"))),
    temperature: useAtomValue(commandPendingAtom(heaterTarget("temperature"))),
    sensor: useAtomValue(commandPendingAtom(heaterTarget("sensor"))),
  };
  const sensorId = useId();
  const modeText = t(`climate.heater.modes.${state.mode}`);
  const relayText =
    state.relay === null
      ? t("climate.unknown")
      : state.relay === "ON"
        ? t("climate.heater.relayOn")
        : t("climate.heater.relayOff");
  const choices = sensors.filter((sensor) => sensor.kind === "temp");
  // A thermostatic valve adopted as the heater reads its own temperature: its sensor is its registry id.
  const ownSensor = DEVICE_SOURCES.some((source) => state.sensor.startsWith(`${source}:`));
  return (
    <ClimateTile
      testId="heater-tile"
      panelTestId="heater-panel"
      data={{ "data-relay": state.relay ?? "unknown", "data-mode": state.mode }}
      label={state.label}
      icon={<Flame />}
      subtitle={`${modeText} · ${t("climate.targetShort", { value: formatCelsius(state.temperature) })}`}
      value={<TileValue text={formatCelsius(state.current)} unit="" spaced={false} />}
      pending={pending.mode || pending.temperature || pending.sensor}
      available={gate.available}
      status={relayText}
    >
      <p className="climate-panel__status">
        {t("climate.heater.now", { sensor: state.sensorLabel ?? state.sensor })}: {formatCelsius(state.current)} ·{" "}
        {relayText}
      </p>
      <div className="panel-dialog__row">
        <ModeChoice
          label={t("climate.mode")}
          options={HEATER_MODES.map((mode) => ({ value: mode, text: t(`climate.heater.modes.${mode}`) }))}
          value={state.mode}
          disabled={gate.disabled || pending.mode}
          title={gate.reason ?? undefined}
          onChoose={(mode) => void setMode(mode)}
        />
        <PendingNote on={pending.mode} />
      </div>
      <div className="panel-dialog__row">
        <TemperatureStepper
          label={t("climate.target")}
          value={state.temperature}
          fallback={state.temperature}
          range={HEATER_TEMPERATURE}
          disabled={gate.disabled || pending.temperature}
          title={gate.reason ?? undefined}
          lowerLabel={t("climate.lower")}
          raiseLabel={t("climate.raise")}
          onChange={(temperature) => void setConfig({ temperature })}
        />
        <PendingNote on={pending.temperature} />
      </div>
      <div className="panel-dialog__row">
        <label className="climate-panel__label" htmlFor={sensorId}>
          {t("climate.heater.sensor")}
        </label>
        {ownSensor ? (
          <output id={sensorId} className="climate-panel__value">
            {state.sensorLabel ?? t("climate.heater.ownSensor")}
          </output>
        ) : (
          <select
            id={sensorId}
            className="climate-panel__select"
            value={state.sensor}
            disabled={gate.disabled || pending.sensor}
            title={gate.reason ?? undefined}
            onChange={(event) => void setConfig({ sensor: event.currentTarget.value })}
          >
            {choices.some((sensor) => sensor.id === state.sensor) ? null : (
              <option value={state.sensor}>{state.sensorLabel ?? state.sensor}</option>
            )}
            {choices.map((sensor) => (
              <option key={sensor.id} value={sensor.id}>
                {sensor.label}
              </option>
            ))}
          </select>
        )}
        <PendingNote on={pending.sensor} />
      </div>
    </ClimateTile>
  );
}
