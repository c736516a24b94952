import * as v from "valibot";

/**
 * Login form schema (spec §5). Messages are i18n keys, translated where shown, so the rules stay
 * language-free: 'Login jest wymagany', 'Hasło jest wymagane', 'Nazwa sesji jest wymagana'.
 * Login and session name are trimmed; the password is sent as typed. Max 200 chars (docs/contract.md).
 */
export const LoginFormSchema = v.object({
  login: v.pipe(v.string(), v.trim(), v.nonEmpty("login.errors.loginRequired"), v.maxLength(200)),
  password: v.pipe(v.string(), v.nonEmpty("login.errors.passwordRequired"), v.maxLength(200)),
  sessionName: v.pipe(v.string(), v.trim(), v.nonEmpty("login.errors.sessionNameRequired"), v.maxLength(200)),
});

export type LoginFormInput = v.InferInput<typeof LoginFormSchema>;
export type LoginFormValues = v.InferOutput<typeof LoginFormSchema>;
