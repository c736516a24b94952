import { useId, type ReactNode } from "react";

/** What {@link Field} gives its control: the id its label names, the class and the error's ARIA links. */
export type FieldControlProps = {
  id: string;
  className: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** Props of {@link Field}. */
export type FieldProps = {
  label: string;
  /** Shown under the control with role="alert" when set. */
  error?: string | undefined;
  /** More classes of the control, after `field__input`. */
  className?: string | undefined;
  /** Draws the control (an input, a select) with the props given. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * The frame of a labelled form control: `<div class="field">` with its `<label class="field__label">`
 * naming the control, the control (class `field__input`, `aria-invalid` and `aria-describedby`
 * pointing at the error while there is one), and the error under it (`field__error`, role="alert").
 */
export function Field({ label, error, className, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({
        id,
        className: `field__input ${className ?? ""}`.trim(),
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
