import { forwardRef, type InputHTMLAttributes } from "react";
import { Field } from "./Field";

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
  return (
    <Field label={label} error={error} className={className}>
      {(control) => <input {...inputProps} ref={ref} {...control} />}
    </Field>
  );
});
