import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "../../../lib/api/client";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { PinPad } from "./PinPad";

/** Props of {@link LockScreen}. */
export type LockScreenProps = {
  /** Client of the auth base (`/api/auth/v1`). */
  auth: ApiClient;
  /** Called with the login the hub returned on a successful unlock. */
  onUnlocked: (login: string) => void;
  /** What an unlock failure does (spec §8: the page reloads); injectable for tests. */
  reload?: () => void;
};

/**
 * The locked-session screen (spec §2): a full-screen 'Dotknij, aby rozpocząć.' button until the first
 * click (which also lets the browser start audio), then the PIN pad.
 */
export function LockScreen({ auth, onUnlocked, reload }: LockScreenProps) {
  const { t } = useTranslation();
  const [started, setStarted] = useState(false);
  useDocumentTitle(`${t("lock.title")} — ${t("app.titleSuffix")}`);
  if (!started) {
    return (
      <main>
        <button type="button" className="lock__start" autoFocus onClick={() => setStarted(true)}>
          {t("lock.tapToStart")}
        </button>
      </main>
    );
  }
  return (
    <main className="centered-screen">
      <PinPad auth={auth} onUnlocked={onUnlocked} reload={reload ?? (() => window.location.reload())} />
    </main>
  );
}
