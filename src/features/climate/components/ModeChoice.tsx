import { useId } from "react";

/** Props of {@link ModeChoice}. */
export type ModeChoiceProps<T extends string> = {
  /** Visible label of the group ('Tryb'). */
  label: string;
  options: readonly { value: T; text: string }[];
  /** The mode the device has now (null: unknown); shown pressed. */
  value: T | null;
  disabled: boolean;
  /** Why the buttons cannot be used now (the command gate's reason), as their `title`. */
  title?: string | undefined;
  onChoose: (value: T) => void;
};

/**
 * A choice of one mode drawn as a row of buttons: a labelled group, the current mode
 * `aria-pressed`. A press sends at once, so arrow keys never send by accident (Tab and Enter/Space).
 */
export function ModeChoice<T extends string>({ label, options, value, disabled, title, onChoose }: ModeChoiceProps<T>) {
  const labelId = useId();
  return (
    <div className="climate-modes">
      <span id={labelId} className="climate-panel__label">
        {label}
      </span>
      <div role="group" aria-labelledby={labelId} className="climate-modes__buttons">
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            className="button climate-modes__button"
            aria-pressed={value === option.value}
            disabled={disabled}
            title={title}
            onClick={() => {
              if (value !== option.value) onChoose(option.value);
            }}
          >
            {option.text}
          </button>
        ))}
      </div>
    </div>
  );
}
