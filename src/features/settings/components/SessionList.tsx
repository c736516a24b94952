import { useAtomValue, useSetAtom } from "jotai";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SessionInfo } from "../../../../contract/auth";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { listSessions } from "../../../platform/auth/api";
import { logoutCommand, revokeSessionCommand, SESSION_TARGET } from "../../../platform/auth/commands";
import { commandEnvAtom, gateReasonProps, useCommandGate, type CommandEnv } from "../../../platform/commands";
import { preferencesAtom } from "../../../platform/preferences/atoms";
import { formatDateTime } from "../../../shared/dateTimeFormat";
import { useLoaded } from "../../../ui/useLoaded";

/** This session first, then the others, the last seen first. */
async function listSorted(env: CommandEnv): Promise<SessionInfo[]> {
  const sessions = await listSessions(env.api.auth);
  return sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/**
 * 'Sesje' (spec §6, §7 `GET /session/all`): every session of the user, this one first, each
 * with its name, when it was created and last seen, 'Zablokowana' and 'Ta sesja' marks, and a
 * 'Wyloguj: <name>' button. Every logout asks first in the ConfirmDialog; another session is revoked
 * by its hash (DELETE /session `{hash}`: that device sees the login form on its next call), this one
 * with a plain logout (logoutCommand: the login form here). The list is read when shown and again
 * after a revocation; buttons are disabled while offline.
 */
export function SessionList() {
  const { t } = useTranslation();
  const env = useAtomValue(commandEnvAtom);
  const locale = useAtomValue(preferencesAtom).locale;
  // Reloading the list is a read: it works on the PIN screen too, only not offline.
  const reloadGate = useCommandGate({ allowedWhileLocked: true });
  const revokeGate = useCommandGate({ key: SESSION_TARGET });
  const revoke = useSetAtom(revokeSessionCommand);
  const logout = useSetAtom(logoutCommand);
  const { loaded, reload: load } = useLoaded(env, listSorted);
  const [confirming, setConfirming] = useState<SessionInfo | null>(null);
  const [running, setRunning] = useState(false);

  const confirm = async () => {
    if (!confirming) return;
    setRunning(true);
    try {
      if (confirming.current) {
        await logout();
      } else {
        const outcome = await revoke(confirming.hash);
        if (outcome.status === "done") await load();
      }
    } finally {
      setRunning(false);
      setConfirming(null);
    }
  };

  if (loaded.status === "loading") return <p className="muted">{t("settings.sessionsLoading")}</p>;
  if (loaded.status === "failed") {
    return (
      <div className="session-list__failed" role="alert">
        <p>{t("settings.sessionsFailed")}</p>
        <button
          type="button"
          className="button"
          disabled={reloadGate.disabled}
          {...gateReasonProps(reloadGate)}
          onClick={() => void load()}
        >
          {t("settings.retry")}
        </button>
      </div>
    );
  }
  return (
    <>
      <ul className="session-list">
        {loaded.value.map((session) => (
          <li key={session.hash} className="session-list__item" data-current={session.current || undefined}>
            <div className="session-list__text">
              <span className="session-list__name">{session.sessionName}</span>
              <span className="session-list__marks">
                {session.current && <span className="session-badge">{t("settings.sessionCurrent")}</span>}
                {session.locked && <span className="session-badge">{t("settings.sessionLocked")}</span>}
              </span>
              <span className="muted">
                {t("settings.sessionCreated", { time: formatDateTime(session.createdAt, locale) })}
              </span>
              <span className="muted">
                {t("settings.sessionLastSeen", { time: formatDateTime(session.lastSeenAt, locale) })}
              </span>
            </div>
            <button
              type="button"
              className="button button--danger session-list__logout"
              disabled={revokeGate.disabled || running}
              {...gateReasonProps(revokeGate)}
              onClick={() => setConfirming(session)}
            >
              <LogOut aria-hidden="true" size={20} />
              {t("settings.logoutSession", { name: session.sessionName })}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title={t("settings.logoutSessionTitle", { name: confirming?.sessionName ?? "" })}
        message={confirming?.current ? t("settings.logoutCurrentText") : t("settings.logoutSessionText")}
        confirmLabel={t("menu.logout")}
        cancelLabel={t("menu.cancel")}
        tone="danger"
        busy={running}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
