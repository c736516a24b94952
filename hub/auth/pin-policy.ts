/** PIN attempt policy of docs/contract.md ("PIN attempts are counted per session"). */
export const PIN_FREE_FAILURES = 3;
export const PIN_MAX_FAILURES = 10;
export const PIN_MAX_DELAY_MS = 60_000;

/** Delay before the next attempt after `failures` consecutive wrong PINs: 0 below 3, then 1000 * 2^(failures-3) ms, capped at 60 s. */
export function pinDelayMs(failures: number): number {
  if (failures < PIN_FREE_FAILURES) return 0;
  return Math.min(PIN_MAX_DELAY_MS, 1000 * 2 ** (failures - PIN_FREE_FAILURES));
}

export type PinFailureOutcome =
  | { kind: "retry"; failures: number; nextAttemptAt: number; attemptsLeft: number }
  | { kind: "revoke"; failures: number };

/** What a wrong PIN does to a session that had `previousFailures` failures, at time `now` (epoch ms). */
export function afterWrongPin(previousFailures: number, now: number): PinFailureOutcome {
  const failures = previousFailures + 1;
  if (failures >= PIN_MAX_FAILURES) return { kind: "revoke", failures };
  return {
    kind: "retry",
    failures,
    nextAttemptAt: now + pinDelayMs(failures),
    attemptsLeft: PIN_MAX_FAILURES - failures,
  };
}

/** Shortest and longest PIN the hub stores (digits). */
export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 15;

/** Why a new PIN is refused; the CLI prints it (spec §2 keypad 1-9, §5 the PIN travels as a number). */
export const NEW_PIN_RULE = `PIN may contain only digits 1-9 (the keypad has no 0), ${PIN_MIN_LENGTH} to ${PIN_MAX_LENGTH} digits`;

/**
 * Checks a PIN about to be stored (CLI `user add --pin`, `user pin`, the demo seed): only digits 1-9,
 * 4 to 15 of them. The dashboard's keypad has digits 1-9 and no 0 (spec §2) and the PIN travels as a
 * number (spec §5), so a 0 could not be typed on the keypad and a leading 0 would be lost.
 * @returns null when the PIN may be stored, otherwise {@link NEW_PIN_RULE}
 */
export function newPinProblem(pin: string): string | null {
  const pattern = new RegExp(`^[1-9]{${PIN_MIN_LENGTH},${PIN_MAX_LENGTH}}$`);
  return pattern.test(pin) ? null : NEW_PIN_RULE;
}

/**
 * Canonical text of a PIN: the dashboard sends the PIN as a number (spec §5), so leading zeros
 * cannot survive the trip; the CLI and the check both hash this form. Throws on a non-digit PIN.
 */
export function canonicalPin(pin: string | number): string {
  const text = typeof pin === "number" ? (Number.isSafeInteger(pin) && pin >= 0 ? String(pin) : "") : pin;
  if (!/^\d{1,15}$/.test(text)) throw new Error("A PIN is 1 to 15 digits");
  return String(Number(text));
}
