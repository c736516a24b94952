import { useAtomValue, useSetAtom } from "jotai";
import { Lock, LogOut } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { commandPendingAtom, type CommandOutcome } from "../../commands";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { sessionLoginAtom } from "../atoms";
import { lockSessionCommand, logoutCommand, SESSION_TARGET } from "../commands";
import "./SessionActions.css";

/**
 * Menu buttons 'Zablokuj sesję' (POST /session/lock, then the PIN screen) and 'Wyloguj', which first
 * asks in a modal dialog ('Wyloguj' / 'Anuluj'; Escape cancels) and only then sends DELETE /session
 * and shows the login form (lockSessionCommand, logoutCommand). A failure leaves the state as it
 * was and toasts; AUTH_SESSION_LOCKED locks anyway through the client's onErrorCode. Both buttons are
 * disabled while either command is on its way.
 */
export function SessionActions() {
  const { t } = useTranslation();
  const login = useAtomValue(sessionLoginAtom);
  const busy = useAtomValue(commandPendingAtom(SESSION_TARGET));
  const lock = useSetAtom(lockSessionCommand);
  const logout = useSetAtom(logoutCommand);
  const [confirmingLogout, setConfirmingLogout] = useState(false);

  const run = async (command: () => Promise<CommandOutcome<void>>) => {
    await command();
    setConfirmingLogout(false);
  };

  return (
    <>
      {login !== null && <p className="muted session-actions__who">{t("menu.loggedInAs", { login })}</p>}
      <div className="menu__actions session-actions">
        <button type="button" className="button session-actions__button" disabled={busy} onClick={() => void run(lock)}>
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
        onConfirm={() => void run(logout)}
        onCancel={() => setConfirmingLogout(false)}
      />
    </>
  );
}
