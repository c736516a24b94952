import { Minus, Plus } from "lucide-react";
import { useId } from "react";
import { formatCelsius } from "../format";

/** Props of {@link TemperatureStepper}. */
export type TemperatureStepperProps = {
  /** Visible label ('Temperatura docelowa'). */
  label: string;
  /** The target the device has now, °C (null: unknown: the first press starts from `fallback`). */
  value: number | null;
  fallback: number;
  range: { min: number; max: number; step: number };
  disabled: boolean;
  /** Why the buttons cannot be used now (the command gate's reason), as their `title`. */
  title?: string | undefined;
  /** Accessible names of the two buttons. */
  lowerLabel: string;
  raiseLabel: string;
  onChange: (value: number) => void;
};

/**
 * A target temperature stepper: − and + buttons moving the target by `range.step` (0.5 °C)
 * within the range, the value between them (`<output>`, announced politely). A button at the end
 * of the range is disabled, so no value out of range can be asked for.
 */
export function TemperatureStepper({
  label,
  value,
  fallback,
  range,
  disabled,
  title,
  lowerLabel,
  raiseLabel,
  onChange,
}: TemperatureStepperProps) {
  const labelId = useId();
  const current = value ?? fallback;
  const move = (delta: number) =>
    onChange(Math.min(range.max, Math.max(range.min, Math.round((current + delta) / range.step) * range.step)));
  return (
    <div className="climate-stepper">
      <span id={labelId} className="climate-panel__label">
        {label}
      </span>
      <div role="group" aria-labelledby={labelId} className="climate-stepper__row">
        <button
          type="button"
          className="button climate-stepper__button"
          aria-label={lowerLabel}
          disabled={disabled || current <= range.min}
          title={title}
          onClick={() => move(-range.step)}
        >
          <Minus aria-hidden="true" />
        </button>
        <output className="climate-stepper__value" aria-live="polite" aria-labelledby={labelId}>
          {formatCelsius(value)}
        </output>
        <button
          type="button"
          className="button climate-stepper__button"
          aria-label={raiseLabel}
          disabled={disabled || current >= range.max}
          title={title}
          onClick={() => move(range.step)}
        >
          <Plus aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
