import { useId } from "react";

/** Props of {@link ToggleField}. */
export type ToggleFieldProps = {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
};

/** A labelled on/off switch (a checkbox with role="switch"), with a 44 px touch target. */
export function ToggleField({ label, checked, onChange, disabled = false }: ToggleFieldProps) {
  const id = useId();
  return (
    <div className="toggle">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="toggle__input"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor={id} className="toggle__label">
        {label}
      </label>
    </div>
  );
}
