import { useAtomValue, useSetAtom } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "../../../lib/api/client";
import { lockSession, logout } from "../api";
import { sessionAtom, sessionLoginAtom } from "../atoms";

/** Props of {@link SessionActions}. */
export type SessionActionsProps = { auth: ApiClient; notify: (message: string, tone?: "error" | "info") => void };

/**
 * Menu buttons 'Zablokuj sesję' (POST /session/lock, then the PIN screen) and 'Wyloguj'
 * (DELETE /session, then the login form). A failure leaves the state as it was and notifies;
 * AUTH_SESSION_LOCKED locks anyway through the client's onErrorCode.
 */
export function SessionActions({ auth, notify }: SessionActionsProps) {
  const { t } = useTranslation();
  const setSession = useSetAtom(sessionAtom);
  const login = useAtomValue(sessionLoginAtom);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, next: "locked" | "loggedOut") => {
    setBusy(true);
    try {
      await action();
      setSession({ status: next });
    } catch {
      notify(t("menu.failed"), "error");
      setBusy(false);
    }
  };

  return (
    <>
      {login !== null && <p className="muted">{t("menu.loggedInAs", { login })}</p>}
      <div className="menu__actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void run(() => lockSession(auth), "locked")}
        >
          {t("menu.lock")}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          onClick={() => void run(() => logout(auth), "loggedOut")}
        >
          {t("menu.logout")}
        </button>
      </div>
    </>
  );
}
