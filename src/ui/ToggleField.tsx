import { Check, X } from "lucide-react";
import { useId } from "react";
import "./ToggleField.css";

/** Props of {@link ToggleField}. */
export type ToggleFieldProps = {
  /** Visible label; the switch's accessible name. */
  label: string;
  /** One line under the label saying what the setting does; the switch's accessible description. */
  description?: string | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Why the switch cannot be used now (a command gate's reason): a tooltip on hover, and its accessible description when it has no `description`. */
  title?: string | undefined;
  /** Visible words for the two states, e.g. `{ on: "Wł.", off: "Wył." }` (the state is never colour alone). */
  stateText?: { on: string; off: string } | undefined;
};

/**
 * A labelled on/off setting drawn as a switch: a native checkbox with role="switch" (keyboard: Tab,
 * Space) lying over a track whose thumb moves right and shows a check when on, left with a cross
 * when off, next to the state's word. The label, the switch and its hit area are at least 48 px high
 * (76 px in the car layout, via CSS); the description is linked with aria-describedby.
 */
export function ToggleField({
  label,
  description,
  checked,
  onChange,
  disabled = false,
  title,
  stateText,
}: ToggleFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="toggle-field" data-checked={checked} data-disabled={disabled || undefined}>
      <div className="toggle-field__row">
        <label htmlFor={id} className="toggle-field__label">
          {label}
        </label>
        <span className="toggle-field__control">
          <input
            id={id}
            type="checkbox"
            role="switch"
            className="toggle-field__input"
            checked={checked}
            disabled={disabled}
            title={title}
            aria-describedby={description ? descriptionId : undefined}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
          <span className="toggle-field__track" aria-hidden="true">
            <span className="toggle-field__thumb">
              {checked ? <Check size={16} strokeWidth={3} /> : <X size={16} strokeWidth={3} />}
            </span>
          </span>
          {stateText && (
            <span className="toggle-field__state" aria-hidden="true">
              {checked ? stateText.on : stateText.off}
            </span>
          )}
        </span>
      </div>
      {description && (
        <p id={descriptionId} className="toggle-field__description">
          {description}
        </p>
      )}
    </div>
  );
}
