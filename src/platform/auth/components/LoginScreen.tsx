import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../ui/Spinner";
import type { LoginFormProps } from "./LoginForm";

/** Props of {@link LoginScreen}. */
export type LoginScreenProps = LoginFormProps;

/**
 * The form and its libraries (react-hook-form, @hookform/resolvers) are a chunk of their own: a
 * returning kiosk never logs in, so the entry chunk does not carry them.
 */
const LoginForm = lazy(() => import("./LoginForm").then(({ LoginForm }) => ({ default: LoginForm })));

/**
 * The login screen 'Logowanie' (spec §2, §5, §8): the {@link LoginForm}, loaded on first show; until
 * it is there, the same loading spinner as while the session is validated (SessionGate), so the
 * screen goes from one centred state to the next without shifting.
 */
export function LoginScreen(props: LoginScreenProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <main className="centered-screen">
          <Spinner label={t("app.loading")} />
        </main>
      }
    >
      <LoginForm {...props} />
    </Suspense>
  );
}
