import { useAtomValue, useSetAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { AutologinError } from "../features/auth/components/AutologinError";
import { LockScreen } from "../features/auth/components/LockScreen";
import { LoginScreen } from "../features/auth/components/LoginScreen";
import { sessionAtom } from "../features/auth/atoms";
import { bootSessionOffline } from "../features/offline/boot";
import { Spinner } from "../ui/Spinner";
import type { RouterContext } from "../routes/-context";
import { LoggedInApp } from "./LoggedInApp";
import type { AppRouter } from "./router";

/** Props of {@link SessionGate}. */
export type SessionGateProps = { router: AppRouter; context: RouterContext; reload?: () => void };

/**
 * Chooses the screen from the session state (spec §4): loading while unknown, the login form when
 * logged out, the PIN screen when locked, 'Autologowanie nieudane' on a failed validation, the app
 * when logged in.
 */
export function SessionGate({ router, context, reload }: SessionGateProps) {
  const session = useAtomValue(sessionAtom);
  const setSession = useSetAtom(sessionAtom);
  const { t } = useTranslation();
  const { api, notify, store } = context;
  const handleLogin = (login: string) => setSession({ status: "loggedIn", login });

  switch (session.status) {
    case "unknown":
      return (
        <main className="centered-screen">
          <Spinner label={t("app.loading")} />
        </main>
      );
    case "loggedOut":
      return <LoginScreen auth={api.auth} onLoggedIn={handleLogin} notify={notify} />;
    case "locked":
      return <LockScreen auth={api.auth} onUnlocked={handleLogin} reload={reload} />;
    case "error":
      return (
        <AutologinError
          httpStatus={session.httpStatus}
          statusText={session.statusText}
          onRetry={() => void bootSessionOffline(store, api.auth)}
        />
      );
    case "loggedIn":
      return <LoggedInApp router={router} context={context} />;
  }
}
