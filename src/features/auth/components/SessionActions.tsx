import { useAtomValue, useSetAtom } from "jotai";
import { Lock, LogOut } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "../../../lib/api/client";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { lockSession, logout } from "../api";
import { sessionAtom, sessionLoginAtom } from "../atoms";
import "./SessionActions.css";

/** Props of {@link SessionActions}. */
export type SessionActionsProps = { auth: ApiClient; notify: (message: string, tone?: "error" | "info") => void };

/**
 * Menu buttons 'Zablokuj sesję' (POST /session/lock, then the PIN screen) and 'Wyloguj', which first
 * asks in a modal dialog ('Wyloguj' / 'Anuluj'; Escape cancels) and only then sends DELETE /session
 * and shows the login form. A failure leaves the state as it was and notifies; AUTH_SESSION_LOCKED
 * locks anyway through the client's onErrorCode.
 */
export function SessionActions({ auth, notify }: SessionActionsProps) {
  const { t } = useTranslation();
  const setSession = useSetAtom(sessionAtom);
  const login = useAtomValue(sessionLoginAtom);
  const [busy, setBusy] = useState(false);
  const [confirmingLogout, setConfirmingLogout] = useState(false);

  const run = async (action: () => Promise<unknown>, next: "locked" | "loggedOut") => {
    setBusy(true);
    try {
      await action();
      setConfirmingLogout(false);
      setSession({ status: next });
    } catch {
      notify(t("menu.failed"), "error");
      setConfirmingLogout(false);
      setBusy(false);
    }
  };

  return (
    <>
      {login !== null && <p className="muted session-actions__who">{t("menu.loggedInAs", { login })}</p>}
      <div className="menu__actions session-actions">
        <button
          type="button"
          className="button session-actions__button"
          disabled={busy}
          onClick={() => void run(() => lockSession(auth), "locked")}
        >
          <Lock aria-hidden="true" size={20} />
          {t("menu.lock")}
        </button>
        <button
          type="button"
          className="button button--danger session-actions__button"
          disabled={busy}
          onClick={() => setConfirmingLogout(true)}
        >
          <LogOut aria-hidden="true" size={20} />
          {t("menu.logout")}
        </button>
      </div>
      <ConfirmDialog
        open={confirmingLogout}
        title={t("menu.logoutConfirmTitle")}
        message={t("menu.logoutConfirmText")}
        confirmLabel={t("menu.logout")}
        cancelLabel={t("menu.cancel")}
        tone="danger"
        busy={busy}
        onConfirm={() => void run(() => logout(auth), "loggedOut")}
        onCancel={() => setConfirmingLogout(false)}
      />
    </>
  );
}
