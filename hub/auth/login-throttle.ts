/**
 * Login rate limit (issue 7, attack 7: about 12 guesses a second, a million a day, before). Failed
 * logins are counted per login name and per client address; after {@link LOGIN_FREE_FAILURES}
 * failures each further attempt on that key waits 1 s, 2 s, 4 s ... up to {@link LOGIN_MAX_DELAY_MS}.
 * No permanent ban: a key forgets its failures {@link LOGIN_FORGET_MS} after its last one, and a
 * successful login clears both of its keys. The attempt is counted before the password is checked
 * (synchronously, so concurrent requests cannot buy attempts). Memory is bounded: at most
 * {@link LOGIN_MAX_KEYS} keys, the oldest forgotten first.
 */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_MAX_DELAY_MS = 60_000;
export const LOGIN_FORGET_MS = 15 * 60_000;
export const LOGIN_MAX_KEYS = 10_000;

/** Delay after `failures` counted failures of one key, ms: 0 up to 5, then 1000 * 2^(failures-5-1)... capped at 60 s. */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_MAX_DELAY_MS, 1000 * 2 ** (failures - LOGIN_FREE_FAILURES));
}

interface KeyState {
  failures: number;
  nextAttemptAt: number;
  lastFailureAt: number;
}

/** What {@link LoginThrottle.reserve} answers: wait (ms) or a reservation to settle. */
export type LoginReservation = { kind: "delay"; retryAfterMs: number; key: "login" | "address" } | { kind: "counted"; succeeded: () => void };

/** Per-login and per-address failure counters with growing delays (see the module comment). */
export class LoginThrottle {
  private readonly keys = new Map<string, KeyState>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Counts one login attempt for `login` from `address` before its password is checked. Answers
   * "delay" (not counted) while either key waits, else "counted" with `succeeded()` to call when
   * the password was right (clears both keys). A wrong password needs no call: it stays counted.
   */
  reserve(login: string, address: string): LoginReservation {
    const now = this.now();
    const loginKey = `login:${login.toLowerCase()}`;
    const addressKey = `address:${address}`;
    for (const [key, which] of [[loginKey, "login"], [addressKey, "address"]] as const) {
      const state = this.current(key, now);
      if (state && state.nextAttemptAt > now) return { kind: "delay", retryAfterMs: state.nextAttemptAt - now, key: which };
    }
    this.count(loginKey, now);
    this.count(addressKey, now);
    return {
      kind: "counted",
      succeeded: () => {
        this.keys.delete(loginKey);
        this.keys.delete(addressKey);
      },
    };
  }

  /** Keys held now (for tests of the memory bound). */
  get size(): number {
    return this.keys.size;
  }

  private current(key: string, now: number): KeyState | undefined {
    const state = this.keys.get(key);
    if (state && now - state.lastFailureAt > LOGIN_FORGET_MS) {
      this.keys.delete(key);
      return undefined;
    }
    return state;
  }

  private count(key: string, now: number): void {
    const failures = (this.current(key, now)?.failures ?? 0) + 1;
    this.keys.delete(key); // re-inserted last: the Map's order is the order of last failures
    this.keys.set(key, { failures, nextAttemptAt: now + loginDelayMs(failures), lastFailureAt: now });
    while (this.keys.size > LOGIN_MAX_KEYS) {
      const oldest = this.keys.keys().next().value;
      if (oldest === undefined) break;
      this.keys.delete(oldest);
    }
  }
}
