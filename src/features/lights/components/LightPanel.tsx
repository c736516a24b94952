import { useTranslation } from "react-i18next";
import { miredToKelvin, kelvinToMired, type LightFeatures } from "../../../../contract/lights";
import { PanelDialog } from "../../../ui/PanelDialog";
import type { useLightControl } from "../useLightControl";
import { LightPowerToggle } from "./LightPowerToggle";

/** Props of {@link LightPanel}. */
export type LightPanelProps = {
  features: LightFeatures;
  control: ReturnType<typeof useLightControl>;
  open: boolean;
  onClose: () => void;
};

/** Percent of a brightness within its range, rounded. */
export function brightnessPercent(value: number, range: { min: number; max: number }): number {
  return range.max === range.min ? 100 : Math.round(((value - range.min) / (range.max - range.min)) * 100);
}

/** Clamps `value` to `[min, max]`. */
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A light's panel: a native modal `<dialog>` with the on/off switch, a brightness slider
 * within its range ('Jasność', shown in %), a colour picker when it has rgb ('Kolor', native
 * `<input type="color">`) and a colour-temperature slider in kelvin within its mired range ('Barwa
 * światła'). Each control shows 'Czeka na potwierdzenie…' until the live state confirms it, and all
 * are disabled while offline, locked or the device is unavailable.
 */
export function LightPanel({ features, control, open, onClose }: LightPanelProps) {
  const { t } = useTranslation();
  const { live, wanted, pending, disabled, reason } = control;

  const brightness = features.brightness
    ? clamp(
        wanted.brightness ?? live?.brightness ?? features.brightness.min,
        features.brightness.min,
        features.brightness.max,
      )
    : null;
  const mired = features.white
    ? clamp(wanted.color_temp ?? live?.color_temp ?? features.white.min, features.white.min, features.white.max)
    : null;
  const hex = wanted.color?.hex ?? live?.color?.hex ?? "#ffffff";
  const pendingNote = (isPending: boolean) =>
    isPending ? (
      <span className="light-panel__pending" role="status">
        {t("lights.pending")}
      </span>
    ) : null;

  return (
    <PanelDialog
      className="light-panel"
      title={features.label}
      open={open}
      onClose={onClose}
      closeText={t("lights.close")}
      testId={`light-panel-${features.id}`}
    >
      {!control.available && <p className="light-panel__unavailable">{t("lights.unavailable")}</p>}
      <div className="panel-dialog__row" data-pending={pending.power}>
        <LightPowerToggle control={control} />
        {pendingNote(pending.power)}
      </div>
      {features.brightness && brightness !== null && (
        <div className="panel-dialog__row" data-pending={pending.brightness}>
          <label className="light-panel__label">
            <span>{t("lights.brightness")}</span>
            <span className="light-panel__value" aria-hidden="true">
              {t("lights.percent", {
                value: brightnessPercent(brightness, features.brightness),
              })}
            </span>
            <input
              type="range"
              className="light-panel__slider"
              min={features.brightness.min}
              max={features.brightness.max}
              step={1}
              value={brightness}
              disabled={disabled}
              title={reason ?? undefined}
              aria-valuetext={t("lights.percent", {
                value: brightnessPercent(brightness, features.brightness),
              })}
              onChange={(event) => control.setBrightness(Number(event.currentTarget.value))}
            />
          </label>
          {pendingNote(pending.brightness)}
        </div>
      )}
      {features.white && mired !== null && (
        <div className="panel-dialog__row" data-pending={pending.colorTemp}>
          <label className="light-panel__label">
            <span>{t("lights.colorTemp")}</span>
            <span className="light-panel__value" aria-hidden="true">
              {t("lights.kelvin", { value: miredToKelvin(mired) })}
            </span>
            <input
              type="range"
              className="light-panel__slider light-panel__slider--kelvin"
              min={miredToKelvin(features.white.max)}
              max={miredToKelvin(features.white.min)}
              step={10}
              value={miredToKelvin(mired)}
              disabled={disabled}
              title={reason ?? undefined}
              aria-valuetext={t("lights.kelvin", {
                value: miredToKelvin(mired),
              })}
              onChange={(event) =>
                control.setColorTemp(
                  clamp(
                    kelvinToMired(Number(event.currentTarget.value)),
                    features.white?.min ?? 0,
                    features.white?.max ?? 1000,
                  ),
                )
              }
            />
          </label>
          {pendingNote(pending.colorTemp)}
        </div>
      )}
      {features.rgb && (
        <div className="panel-dialog__row" data-pending={pending.color}>
          <label className="light-panel__label light-panel__label--color">
            <span>{t("lights.color")}</span>
            <input
              type="color"
              className="light-panel__color"
              value={hex}
              disabled={disabled}
              title={reason ?? undefined}
              onChange={(event) => control.setColor(event.currentTarget.value)}
            />
          </label>
          {pendingNote(pending.color)}
        </div>
      )}
    </PanelDialog>
  );
}
