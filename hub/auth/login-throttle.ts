/**
 * Login rate limit (docs/security.md "Login brute force"). Failed
 * logins are counted per login name and per client address; after {@link LOGIN_FREE_FAILURES}
 * failures each further attempt on that key waits 1 s, 2 s, 4 s ... up to {@link LOGIN_MAX_DELAY_MS}.
 * No permanent ban: a key forgets its failures {@link LOGIN_FORGET_MS} after its last one, and a
 * successful login clears them.
 *
 * Concurrency: an attempt being checked counts against the free failures until it settles, so
 * concurrent requests cannot buy extra guesses (at most 5 checks run before the first delay). An
 * attempt beyond that budget while others are still being checked is not refused: it waits until
 * they settle and is judged then. A right password therefore never costs another right one its
 * turn (six devices of one address logging in at once after a hub restart all get in), while wrong
 * ones still meet the delay. At most {@link LOGIN_MAX_WAITERS} attempts wait per key; more are
 * answered "delay" at once. Memory is bounded: at most {@link LOGIN_MAX_KEYS} idle keys, the oldest
 * forgotten first.
 */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_MAX_DELAY_MS = 60_000;
export const LOGIN_FORGET_MS = 15 * 60_000;
export const LOGIN_MAX_KEYS = 10_000;
export const LOGIN_MAX_WAITERS = 100;

/** Delay after `failures` counted failures of one key, ms: 0 up to 5, then 1000 * 2^(failures-5-1)... capped at 60 s. */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_MAX_DELAY_MS, 1000 * 2 ** (failures - LOGIN_FREE_FAILURES));
}

interface KeyState {
  failures: number;
  nextAttemptAt: number;
  lastFailureAt: number;
  /** Attempts counted and being checked now. */
  inFlight: number;
  /** Attempts waiting for those to settle. */
  waiters: (() => void)[];
}

/** What {@link LoginThrottle.acquire} answers: wait (ms), or an attempt to check and then settle exactly once. */
export type LoginReservation =
  | { kind: "delay"; retryAfterMs: number; key: "login" | "address" }
  | { kind: "counted"; succeeded: () => void; failed: () => void };

type Which = "login" | "address";

/** Per-login and per-address failure counters with growing delays (see the module comment). */
export class LoginThrottle {
  private readonly keys = new Map<string, KeyState>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * One login attempt for `login` from `address`, before its password is checked. Answers "delay"
   * (not counted) while either key waits after failures, else "counted" once the attempt fits the
   * budget (waiting for attempts in flight to settle first when it does not yet). The caller must
   * call `succeeded()` (the password was right: both keys' failures are cleared) or `failed()`
   * (counted as a failure) exactly once; later calls are ignored.
   */
  async acquire(login: string, address: string): Promise<LoginReservation> {
    const keys: [string, Which][] = [
      [`login:${login.toLowerCase()}`, "login"],
      [`address:${address}`, "address"],
    ];
    for (;;) {
      const now = this.now();
      let busy: KeyState | undefined;
      for (const [key, which] of keys) {
        const state = this.current(key, now);
        if (!state) continue;
        if (state.inFlight > 0 && state.failures + state.inFlight >= LOGIN_FREE_FAILURES) {
          busy ??= state;
          continue;
        }
        if (state.inFlight === 0 && state.nextAttemptAt > now)
          return { kind: "delay", retryAfterMs: state.nextAttemptAt - now, key: which };
      }
      if (busy) {
        if (busy.waiters.length >= LOGIN_MAX_WAITERS)
          return {
            kind: "delay",
            retryAfterMs: 1000,
            key: keys.find(([key]) => this.keys.get(key) === busy)?.[1] ?? "address",
          };
        const waiting = busy;
        await new Promise<void>((resolve) => waiting.waiters.push(resolve));
        continue;
      }
      const states = keys.map(([key]) => this.stateOf(key, now));
      for (const state of states) state.inFlight += 1;
      let settled = false;
      const settle = (ok: boolean) => {
        if (settled) return;
        settled = true;
        const at = this.now();
        for (const [index, state] of states.entries()) {
          state.inFlight -= 1;
          if (ok) state.failures = 0;
          else {
            state.failures += 1;
            state.nextAttemptAt = at + loginDelayMs(state.failures);
            state.lastFailureAt = at;
            const key = keys[index]?.[0];
            if (key !== undefined) this.touch(key, state);
          }
          for (const wake of state.waiters.splice(0)) wake();
          const key = keys[index]?.[0];
          if (
            key !== undefined &&
            state.failures === 0 &&
            state.inFlight === 0 &&
            state.waiters.length === 0 &&
            this.keys.get(key) === state
          )
            this.keys.delete(key);
        }
      };
      return { kind: "counted", succeeded: () => settle(true), failed: () => settle(false) };
    }
  }

  /** Keys held now (for tests of the memory bound). */
  get size(): number {
    return this.keys.size;
  }

  private current(key: string, now: number): KeyState | undefined {
    const state = this.keys.get(key);
    if (
      state &&
      state.inFlight === 0 &&
      state.waiters.length === 0 &&
      state.failures > 0 &&
      now - state.lastFailureAt > LOGIN_FORGET_MS
    ) {
      this.keys.delete(key);
      return undefined;
    }
    return state;
  }

  private stateOf(key: string, now: number): KeyState {
    const existing = this.current(key, now);
    if (existing) return existing;
    const state: KeyState = { failures: 0, nextAttemptAt: 0, lastFailureAt: now, inFlight: 0, waiters: [] };
    this.touch(key, state);
    return state;
  }

  /** (Re-)inserts `key` last (the Map's order is the order of last use) and forgets the oldest idle keys beyond the bound. */
  private touch(key: string, state: KeyState): void {
    this.keys.delete(key);
    this.keys.set(key, state);
    if (this.keys.size <= LOGIN_MAX_KEYS) return;
    for (const [oldKey, old] of this.keys) {
      if (this.keys.size <= LOGIN_MAX_KEYS) break;
      if (old.inFlight === 0 && old.waiters.length === 0) this.keys.delete(oldKey);
    }
  }
}
