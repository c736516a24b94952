import { forwardRef, useId, type SelectHTMLAttributes } from "react";

/** Props of {@link SelectField}: a native select's props plus a visible label, its options and an error text. */
export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly { value: string; label: string }[];
  /** Shown under the field with role="alert" when set. */
  error?: string | undefined;
};

/**
 * A labelled native select (keyboard and touch for free) with its error under it (role="alert",
 * aria-describedby, aria-invalid), styled like TextField. Forwards its ref so react-hook-form can register it.
 */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, error, className, ...selectProps },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        {...selectProps}
        ref={ref}
        id={id}
        className={`field__input ${className ?? ""}`.trim()}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
