import { valibotResolver } from "@hookform/resolvers/valibot";
import { useEffect, useState } from "react";
import { useForm, type FieldPath } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "../../../lib/api/client";
import { isApiError } from "../../../lib/api/errors";
import { TextField } from "../../../ui/TextField";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { login } from "../api";
import { AUTH_BAD_USER_OR_PWD } from "../schemas";
import { clearUnlockFailure, peekUnlockFailure } from "../unlockFailure";
import { UnlockFailureNotice } from "./UnlockFailureNotice";
import { LoginFormSchema, type LoginFormInput, type LoginFormValues } from "./loginForm";

/** Props of {@link LoginForm} (and of the screen that loads it, LoginScreen). */
export type LoginFormProps = {
  /** Client of the auth base (`/api/auth/v1`). */
  auth: ApiClient;
  /** Called with the login the hub confirmed after a successful POST /auth. */
  onLoggedIn: (login: string) => void;
  /** Shows a notification (toast). */
  notify: (message: string) => void;
};

/**
 * The login form 'Logowanie' (spec §2, §5, §8), loaded with react-hook-form and its resolvers only
 * when the login screen shows (LoginScreen). Validation runs on mount and on blur, never on
 * change; a field's error shows once it was touched or after a submit attempt. Submit is disabled
 * while submitting and after success. AUTH_BAD_USER_OR_PWD puts 'Niepoprawne hasło lub login' under the
 * password; any other failure puts 'Nieokreślony błąd' there and notifies 'Nieudane logowanie'.
 * Reached by the reload after the 10th wrong PIN, it says the session was ended for that.
 */
export function LoginForm({ auth, onLoggedIn, notify }: LoginFormProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t("login.title")} — ${t("app.titleSuffix")}`);
  const [done, setDone] = useState(false);
  // After the 10th wrong PIN the hub revokes the session and the reload lands here: say why, once.
  const [revoked] = useState(() => peekUnlockFailure()?.kind === "revoked");
  useEffect(() => clearUnlockFailure(), []);
  const {
    register,
    handleSubmit,
    trigger,
    setError,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: valibotResolver(LoginFormSchema),
    mode: "onBlur",
    reValidateMode: "onBlur",
    defaultValues: { login: "", password: "", sessionName: "" },
  });

  useEffect(() => {
    void trigger();
  }, [trigger]);

  const errorOf = (name: FieldPath<LoginFormInput>): string | undefined => {
    const message = errors[name]?.message;
    return message && (touchedFields[name] || isSubmitted) ? t(message) : undefined;
  };

  const handleLogin = async (values: LoginFormValues) => {
    try {
      const answer = await login(auth, values);
      setDone(true);
      onLoggedIn(answer.login);
    } catch (error) {
      if (isApiError(error) && error.code === AUTH_BAD_USER_OR_PWD) {
        setError("password", { type: "server", message: "login.errors.badCredentials" });
        return;
      }
      setError("password", { type: "server", message: "login.errors.unknown" });
      notify(t("login.failedToast"));
    }
  };

  return (
    <main className="centered-screen login">
      <form className="card" noValidate onSubmit={handleSubmit(handleLogin)}>
        <h1>{t("login.title")}</h1>
        {revoked && <UnlockFailureNotice failure={{ kind: "revoked" }} />}
        <TextField label={t("login.login")} autoComplete="username" error={errorOf("login")} {...register("login")} />
        <TextField
          label={t("login.password")}
          type="password"
          autoComplete="current-password"
          error={errorOf("password")}
          {...register("password")}
        />
        <TextField
          label={t("login.sessionName")}
          placeholder={t("login.sessionNamePlaceholder")}
          autoComplete="off"
          error={errorOf("sessionName")}
          {...register("sessionName")}
        />
        <button type="submit" className="button button--primary" disabled={isSubmitting || done}>
          {t("login.submit")}
        </button>
      </form>
    </main>
  );
}
