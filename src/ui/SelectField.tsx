import { forwardRef, type SelectHTMLAttributes } from "react";
import { Field } from "./Field";

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
  return (
    <Field label={label} error={error} className={className}>
      {(control) => (
        <select {...selectProps} ref={ref} {...control}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
});
