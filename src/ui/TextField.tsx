import { forwardRef, useId, type InputHTMLAttributes } from "react";

/** Props of {@link TextField}: a native input's props plus a visible label and an error text. */
export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Shown under the field with role="alert" when set. */
  error?: string | undefined;
};

/**
 * A labelled text input with its error under it (role="alert", linked by aria-describedby and
 * aria-invalid). Forwards its ref so react-hook-form can register it.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, className, ...inputProps },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        {...inputProps}
        ref={ref}
        id={id}
        className={`field__input ${className ?? ""}`.trim()}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
