import { useAtomValue, useSetAtom } from "jotai";
import { LogOut } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SessionInfo } from "../../../../contract/auth";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { listSessions } from "../../../platform/auth/api";
import { logoutCommand, revokeSessionCommand, SESSION_TARGET } from "../../../platform/auth/commands";
import { commandEnvAtom, gateReasonProps, useCommandGate } from "../../../platform/commands";
import { preferencesAtom } from "../../../platform/preferences/atoms";

type Loaded = { status: "loading" } | { status: "failed" } | { status: "loaded"; sessions: SessionInfo[] };

/** `createdAt`/`lastSeenAt` as a Polish (or English) date and time, from Intl (no code to load). */
function formatTime(iso: string, locale: "pl" | "en"): string {
  return new Intl.DateTimeFormat(locale === "pl" ? "pl-PL" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
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
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [confirming, setConfirming] = useState<SessionInfo | null>(null);
  const [running, setRunning] = useState(false);

  const load = useCallback(async () => {
    if (!env) return;
    try {
      const sessions = await listSessions(env.api.auth);
      sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
      setLoaded({ status: "loaded", sessions });
    } catch {
      setLoaded({ status: "failed" });
    }
  }, [env]);

  useEffect(() => {
    void load();
  }, [load]);

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
        {loaded.sessions.map((session) => (
          <li key={session.hash} className="session-list__item" data-current={session.current || undefined}>
            <div className="session-list__text">
              <span className="session-list__name">{session.sessionName}</span>
              <span className="session-list__marks">
                {session.current && <span className="session-badge">{t("settings.sessionCurrent")}</span>}
                {session.locked && <span className="session-badge">{t("settings.sessionLocked")}</span>}
              </span>
              <span className="muted">
                {t("settings.sessionCreated", { time: formatTime(session.createdAt, locale) })}
              </span>
              <span className="muted">
                {t("settings.sessionLastSeen", { time: formatTime(session.lastSeenAt, locale) })}
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
