import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "../../../lib/api/client";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { appUiAtom } from "../../preferences/atoms";
import { clearUnlockFailure, peekUnlockFailure } from "../unlockFailure";
import { PinPad } from "./PinPad";
import { UnlockFailureNotice } from "./UnlockFailureNotice";
import "./LockScreen.css";

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
 * click (which also lets the browser start audio), then the PIN pad. After a failed unlock and its
 * reload (spec §8) both say why ('Błędny PIN. Zostało 7 prób.'): the reason is taken from
 * sessionStorage once and forgotten, so a later reload shows the plain screen. Keys follow this
 * device's layout (76 px in the car).
 */
export function LockScreen({ auth, onUnlocked, reload }: LockScreenProps) {
  const { t } = useTranslation();
  const [started, setStarted] = useState(false);
  const [lastFailure] = useState(() => peekUnlockFailure());
  const layout = useAtomValue(appUiAtom);
  useDocumentTitle(`${t("lock.title")} — ${t("app.titleSuffix")}`);
  useEffect(() => clearUnlockFailure(), []);

  if (!started) {
    return (
      <main className="lock-start">
        {lastFailure && (
          <div className="lock-start__notice">
            <UnlockFailureNotice failure={lastFailure} />
          </div>
        )}
        <button type="button" className="lock-start__button" autoFocus onClick={() => setStarted(true)}>
          {t("lock.tapToStart")}
        </button>
      </main>
    );
  }
  return (
    <main className="lock-screen">
      <PinPad
        auth={auth}
        onUnlocked={onUnlocked}
        reload={reload ?? (() => window.location.reload())}
        lastFailure={lastFailure}
        layout={layout}
      />
    </main>
  );
}
