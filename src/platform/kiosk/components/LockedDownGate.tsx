import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  grantAdminVisitAtom,
  isLockedDownPath,
  lockedDownAtom,
  requestAdminUnlockAtom,
  watchCornerTaps,
} from "../lockedDown";

/** Props of {@link LockedDownGate}. */
export type LockedDownGateProps = {
  /** The current route's path. */
  pathname: string;
  /** The routed page. */
  children: ReactNode;
};

/**
 * Locked-down mode (a panel profile's `lockedDown`): on the menu and settings routes
 * ({@link isLockedDownPath}) shows 'Panel zablokowany' with 'Odblokuj PIN-em' instead of the page;
 * that button, or the hidden gesture anywhere (five taps in the top-left corner within 3 s), locks the
 * session so the session's PIN keypad asks for the PIN; once it is right this visit leaves
 * locked-down mode. Other routes (home, the car layout) work as always.
 */
export function LockedDownGate({ pathname, children }: LockedDownGateProps) {
  const { t } = useTranslation();
  const locked = useAtomValue(lockedDownAtom);
  const requestUnlock = useSetAtom(requestAdminUnlockAtom);
  const grant = useSetAtom(grantAdminVisitAtom);

  useEffect(() => {
    grant();
  }, [grant]);
  useEffect(() => {
    if (!locked) return;
    return watchCornerTaps({ onGesture: () => void requestUnlock() });
  }, [locked, requestUnlock]);

  if (!locked || !isLockedDownPath(pathname)) return children;
  return (
    <section className="page locked-down" data-testid="locked-down">
      <h1>{t("lockedDown.title")}</h1>
      <p>{t("lockedDown.message")}</p>
      <div className="locked-down__actions">
        <button type="button" className="button button--primary" onClick={() => void requestUnlock()}>
          {t("lockedDown.unlock")}
        </button>
      </div>
    </section>
  );
}
