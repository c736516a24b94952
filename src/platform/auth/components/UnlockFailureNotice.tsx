import { useAtomValue } from "jotai";
import { CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { nowAtom } from "../../clock/atoms";
import type { UnlockFailure } from "../unlockFailure";
import "./UnlockFailureNotice.css";

/** When the next PIN attempt is allowed (epoch ms), or null when it already is. */
export function retryAtOf(failure: UnlockFailure | null): number | null {
  if (failure === null) return null;
  if (failure.kind === "delay") return failure.retryAt;
  if (failure.kind === "badPin") return failure.retryAt ?? null;
  return null;
}

/** Whole seconds left until `retryAt` at time `now` (epoch ms), rounded up; 0 when the wait is over. */
export function secondsLeft(retryAt: number | null, now: number): number {
  return retryAt === null ? 0 : Math.max(0, Math.ceil((retryAt - now) / 1000));
}

/** Props of {@link UnlockFailureNotice}. */
export type UnlockFailureNoticeProps = { failure: UnlockFailure };

/**
 * Why the last unlock failed, shown after the reload (spec §4, §8): 'Błędny PIN. Zostało 7 prób.'
 * (attempts left before the hub revokes the session), 'Za dużo prób pod rząd.' for an attempt during
 * the back-off, or 'Nie udało się odblokować. Spróbuj ponownie.'; plus 'Następna próba za N s.'
 * counting down on the app clock while the hub's back-off runs. The reason is an alert; the
 * countdown is not live (it would be read out every second). Red text with an icon, never colour alone.
 */
export function UnlockFailureNotice({ failure }: UnlockFailureNoticeProps) {
  const { t } = useTranslation();
  const now = useAtomValue(nowAtom);
  const seconds = secondsLeft(retryAtOf(failure), now);
  let reason: string;
  if (failure.kind === "badPin") reason = t("lock.badPin", { count: failure.attemptsLeft });
  else if (failure.kind === "delay") reason = t("lock.pinDelay");
  else if (failure.kind === "revoked") reason = t("lock.revoked");
  else reason = t("lock.failed");
  return (
    <div className="unlock-failure" data-testid="unlock-failure">
      <CircleAlert className="unlock-failure__icon" aria-hidden="true" size={24} />
      <div>
        <p role="alert" className="unlock-failure__reason">
          {reason}
        </p>
        {seconds > 0 && (
          <p className="unlock-failure__wait" aria-live="off">
            {t("lock.waitSeconds", { seconds })}
          </p>
        )}
      </div>
    </div>
  );
}
