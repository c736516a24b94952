import * as v from "valibot";
import { LOGIN_TEXT_MAX_LENGTH } from "../schemas";

/**
 * Login form schema (spec §5). Messages are i18n keys, translated where shown, so the rules stay
 * language-free: 'Login jest wymagany', 'Hasło jest wymagane', 'Nazwa sesji jest wymagana'.
 * Login and session name are trimmed; the password is sent as typed. Max LOGIN_TEXT_MAX_LENGTH = 200 chars (the contract's LoginBodySchema).
 */
export const LoginFormSchema = v.object({
  login: v.pipe(v.string(), v.trim(), v.nonEmpty("login.errors.loginRequired"), v.maxLength(LOGIN_TEXT_MAX_LENGTH)),
  password: v.pipe(v.string(), v.nonEmpty("login.errors.passwordRequired"), v.maxLength(LOGIN_TEXT_MAX_LENGTH)),
  sessionName: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty("login.errors.sessionNameRequired"),
    v.maxLength(LOGIN_TEXT_MAX_LENGTH),
  ),
});

export type LoginFormInput = v.InferInput<typeof LoginFormSchema>;
export type LoginFormValues = v.InferOutput<typeof LoginFormSchema>;
