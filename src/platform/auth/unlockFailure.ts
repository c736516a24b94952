import * as v from "valibot";
import { classifyError } from "../../lib/api/errors";
import {
  AUTH_BAD_PIN,
  AUTH_PIN_DELAY,
  AUTH_SESSION_REVOKED,
  BadPinErrorSchema,
  RetryAfterErrorSchema,
} from "./schemas";

/**
 * sessionStorage key carrying why the last unlock failed across the reload that follows it (spec §8:
 * a PIN unlock failure reloads the page); read and removed by the next lock or login screen.
 */
export const UNLOCK_FAILURE_KEY = "lock.lastFailure";

/**
 * Why an unlock failed (docs/contract.md): a wrong PIN with the attempts left before the session is
 * revoked and, from the 3rd failure, when the next attempt is allowed (`retryAt`, epoch ms); an
 * attempt during the back-off (`delay`); the 10th wrong PIN (`revoked`); anything else (`failed`:
 * network, server error).
 */
export const UnlockFailureSchema = v.variant("kind", [
  v.object({
    kind: v.literal("badPin"),
    attemptsLeft: v.pipe(v.number(), v.integer(), v.minValue(0)),
    retryAt: v.optional(v.number()),
  }),
  v.object({ kind: v.literal("delay"), retryAt: v.number() }),
  v.object({ kind: v.literal("revoked") }),
  v.object({ kind: v.literal("failed") }),
]);
export type UnlockFailure = v.InferOutput<typeof UnlockFailureSchema>;

/**
 * Classifies what `POST /session/unlock` threw (an ApiError or anything else) at time `now` (epoch
 * ms): AUTH_BAD_PIN 403 `{attemptsLeft, retryAfterMs?}` -> badPin; AUTH_PIN_DELAY 429
 * `{retryAfterMs}` -> delay; AUTH_SESSION_REVOKED -> revoked; anything else, or a body without the
 * contract's fields -> failed. Never throws.
 */
export function unlockFailureOf(error: unknown, now: number): UnlockFailure {
  const apiError = classifyError(error);
  if (apiError.code === AUTH_BAD_PIN) {
    const body = v.safeParse(BadPinErrorSchema, apiError.body);
    if (!body.success) return { kind: "failed" };
    const { attemptsLeft, retryAfterMs } = body.output;
    return retryAfterMs
      ? { kind: "badPin", attemptsLeft, retryAt: now + retryAfterMs }
      : { kind: "badPin", attemptsLeft };
  }
  if (apiError.code === AUTH_PIN_DELAY) {
    const body = v.safeParse(RetryAfterErrorSchema, apiError.body);
    return body.success ? { kind: "delay", retryAt: now + body.output.retryAfterMs } : { kind: "failed" };
  }
  if (apiError.code === AUTH_SESSION_REVOKED) return { kind: "revoked" };
  return { kind: "failed" };
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Keeps `failure` for the page after the reload. Storage failures are ignored (the reload still happens). */
export function saveUnlockFailure(
  failure: UnlockFailure,
  storage: Storage | undefined = sessionStorageOrUndefined(),
): void {
  try {
    storage?.setItem(UNLOCK_FAILURE_KEY, JSON.stringify(failure));
  } catch {
    // private mode or full storage: the lock screen simply shows no reason
  }
}

/** Reads the kept failure without removing it; null when none, unreadable or not of the schema. */
export function peekUnlockFailure(storage: Storage | undefined = sessionStorageOrUndefined()): UnlockFailure | null {
  try {
    const raw = storage?.getItem(UNLOCK_FAILURE_KEY);
    if (raw === null || raw === undefined) return null;
    const parsed = v.safeParse(UnlockFailureSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Forgets the kept failure (once shown, and after a successful unlock or login). */
export function clearUnlockFailure(storage: Storage | undefined = sessionStorageOrUndefined()): void {
  try {
    storage?.removeItem(UNLOCK_FAILURE_KEY);
  } catch {
    // nothing to forget
  }
}
