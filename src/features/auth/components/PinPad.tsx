import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "../../../lib/api/client";
import { pinSwatch } from "../../../shared/pinSwatch";
import { ColorSwatch } from "../../../ui/ColorSwatch";
import { Keypad } from "../../../ui/Keypad";
import { unlockSession } from "../api";
import { playDigitTone } from "./tone";

/** Longest PIN the pad accepts (digits); the spec leaves the limit open, the hub takes any integer. */
export const MAX_PIN_LENGTH = 12;

/** Props of {@link PinPad}. */
export type PinPadProps = {
  auth: ApiClient;
  onUnlocked: (login: string) => void;
  reload: () => void;
};

/** Keeps digits only, at most {@link MAX_PIN_LENGTH}. */
function digitsOnly(text: string): string {
  return text.replace(/\D+/g, "").slice(0, MAX_PIN_LENGTH);
}

/**
 * 'Sesja zablokowana, wprowadź PIN' with a PIN input, keypad 1-9 and DEL (a tone per digit), the
 * 4-colour swatch of the entered PIN and 'Odblokuj' (spec §2, §5). The PIN is sent as a number
 * (POST /session/unlock); any failure calls `reload` (spec §8). Typed digits and Backspace work
 * anywhere on the screen, not only in the input.
 */
export function PinPad({ auth, onUnlocked, reload }: PinPadProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [pin, setPin] = useState("");
  const [busy, setBusy] = useState(false);

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
    if (pin === "" || busy) return;
    setBusy(true);
    try {
      const answer = await unlockSession(auth, Number(pin));
      onUnlocked(answer.login);
    } catch {
      reload();
    }
  };

  return (
    <form className="card lock__panel" onSubmit={handleSubmit}>
      <h1>{t("lock.prompt")}</h1>
      <label htmlFor={inputId}>{t("lock.pin")}</label>
      <input
        id={inputId}
        className="field__input"
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
      <Keypad onDigit={appendDigit} onDelete={deleteDigit} deleteLabel={t("lock.deleteDigit")} disabled={busy} />
      <button type="submit" className="button button--primary" disabled={pin === "" || busy}>
        {t("lock.unlock")}
      </button>
    </form>
  );
}
