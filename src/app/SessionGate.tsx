import { useAtomValue, useSetAtom } from "jotai";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { AutologinError } from "../platform/auth/components/AutologinError";
import { LockScreen } from "../platform/auth/components/LockScreen";
import { LoginScreen } from "../platform/auth/components/LoginScreen";
import { sessionAtom } from "../platform/auth/atoms";
import { bootSessionOffline } from "../platform/offline/boot";
import { Spinner } from "../ui/Spinner";
import type { AppContext } from "../routes/-context";
import type { AppRouter } from "./router";

/** Props of {@link SessionGate}; `router` may still be loading (boot.ts). */
export type SessionGateProps = { router: AppRouter | Promise<AppRouter>; context: AppContext; reload?: () => void };

/** The logged-in app with TanStack Router and the route tree: a chunk of its own. */
const LoggedInApp = lazy(() => import("./LoggedInApp").then(({ LoggedInApp }) => ({ default: LoggedInApp })));

/**
 * Chooses the screen from the session state (spec §4): loading while unknown, the login form when
 * logged out, the PIN screen when locked, 'Autologowanie nieudane' on a failed validation, the app
 * when logged in (loaded with the router on first show; the same spinner until then).
 */
export function SessionGate({ router, context, reload }: SessionGateProps) {
  const session = useAtomValue(sessionAtom);
  const setSession = useSetAtom(sessionAtom);
  const { t } = useTranslation();
  const { api, notify, store } = context;
  const handleLogin = (login: string) => setSession({ status: "loggedIn", login });

  const loading = (
    <main className="centered-screen">
      <Spinner label={t("app.loading")} />
    </main>
  );

  switch (session.status) {
    case "unknown":
      return loading;
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
      return (
        <Suspense fallback={loading}>
          <LoggedInApp router={router} context={context} />
        </Suspense>
      );
  }
}
