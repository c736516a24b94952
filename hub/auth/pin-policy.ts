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
  return { kind: "retry", failures, nextAttemptAt: now + pinDelayMs(failures), attemptsLeft: PIN_MAX_FAILURES - failures };
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
