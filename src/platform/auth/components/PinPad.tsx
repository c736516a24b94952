import { useAtomValue } from "jotai";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "../../../lib/api/client";
import { pinSwatch } from "../../../shared/pinSwatch";
import { ColorSwatch } from "../../../ui/ColorSwatch";
import { Keypad } from "../../../ui/Keypad";
import { nowAtom } from "../../clock/atoms";
import { unlockSession } from "../api";
import { clearUnlockFailure, saveUnlockFailure, unlockFailureOf, type UnlockFailure } from "../unlockFailure";
import { playDigitTone } from "./tone";
import { retryAtOf, secondsLeft, UnlockFailureNotice } from "./UnlockFailureNotice";

/** Longest PIN the pad accepts (digits): the hub stores 4 to 15 digits (hub/auth/pin-policy.ts). */
export const MAX_PIN_LENGTH = 15;

/** Props of {@link PinPad}. */
export type PinPadProps = {
  auth: ApiClient;
  onUnlocked: (login: string) => void;
  /** What a failure does after keeping its reason (spec §8: the page reloads). */
  reload: () => void;
  /** Why the previous unlock failed (kept across the reload), or null. */
  lastFailure: UnlockFailure | null;
  /** Key size: "car" keeps keys at least 76 px. */
  layout: "standard" | "car";
};

/**
 * Keeps digits only, at most {@link MAX_PIN_LENGTH}. A typed 0 is kept (a PIN set before the hub
 * refused zeros can still be typed on a keyboard); the on-screen keypad has 1-9 only.
 */
function digitsOnly(text: string): string {
  return text.replace(/\D+/g, "").slice(0, MAX_PIN_LENGTH);
}

/**
 * 'Sesja zablokowana, wprowadź PIN' with why the last attempt failed, a PIN input, keypad 1-9 and
 * delete (a tone per digit), the 4-colour swatch of the entered PIN and 'Odblokuj' (spec §2, §5).
 * The PIN is sent as a number (POST /session/unlock); a failure keeps its reason in sessionStorage
 * and calls `reload` (spec §8). 'Odblokuj' waits out the hub's back-off. Typed digits and Backspace
 * work anywhere on the screen, not only in the input.
 */
export function PinPad({ auth, onUnlocked, reload, lastFailure, layout }: PinPadProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [pin, setPin] = useState("");
  const [busy, setBusy] = useState(false);
  const now = useAtomValue(nowAtom);
  const waiting = secondsLeft(retryAtOf(lastFailure), now) > 0;

  const appendDigit = (digit: string) => {
    playDigitTone(digit);
    setPin((current) => digitsOnly(current + digit));
  };
  const deleteDigit = () => setPin((current) => current.slice(0, -1));

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) return;
      if (/^\d$/.test(event.key)) {
        event.preventDefault();
        playDigitTone(event.key);
        setPin((current) => digitsOnly(current + event.key));
      } else if (event.key === "Backspace") {
        event.preventDefault();
        setPin((current) => current.slice(0, -1));
      }
    };
    document.addEventListener("keydown", handleKey);
    return () => document.removeEventListener("keydown", handleKey);
  }, []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pin === "" || busy || waiting) return;
    setBusy(true);
    try {
      const answer = await unlockSession(auth, Number(pin));
      clearUnlockFailure();
      onUnlocked(answer.login);
    } catch (error) {
      saveUnlockFailure(unlockFailureOf(error, Date.now()));
      reload();
    }
  };

  return (
    <form className="card lock-panel" data-layout={layout} data-notice={lastFailure !== null} onSubmit={handleSubmit}>
      <div className="lock-panel__info">
        <h1 className="lock-panel__title">{t("lock.prompt")}</h1>
        {lastFailure && <UnlockFailureNotice failure={lastFailure} />}
        <label htmlFor={inputId} className="lock-panel__label">
          {t("lock.pin")}
        </label>
        <input
          id={inputId}
          className="field__input lock-panel__input"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]*"
          value={pin}
          onChange={(event) => {
            const next = digitsOnly(event.currentTarget.value);
            if (next.length > pin.length) playDigitTone(next.slice(-1));
            setPin(next);
          }}
        />
        <ColorSwatch colors={pinSwatch(pin)} testId="pin-swatch" />
      </div>
      <Keypad
        onDigit={appendDigit}
        onDelete={deleteDigit}
        deleteLabel={t("lock.deleteDigit")}
        disabled={busy}
        size={layout}
      />
      <button
        type="submit"
        className="button button--primary lock-panel__unlock"
        disabled={pin === "" || busy || waiting}
      >
        {t("lock.unlock")}
      </button>
    </form>
  );
}
