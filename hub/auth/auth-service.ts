import type { BadPinError, RetryAfterError } from "../../contract/auth";
import { HubError } from "../core/errors";
import type { SessionRegistry } from "../core/session-registry";
import type { SessionRow, SessionStore } from "./session-store";
import type { UserStore } from "./user-store";
import { dummySecretHash, verifySecret } from "./kdf";
import { LoginThrottle } from "./login-throttle";
import { afterWrongPin, canonicalPin, pinDelayMs } from "./pin-policy";
import { newSessionHash, newSessionToken, tokenDigest } from "./tokens";

/** A session unused for this long is expired (answers AUTH_NO_SESSION). */
export const SESSION_IDLE_LIMIT_MS = 180 * 24 * 3600 * 1000;

/**
 * Login, session lookup, lock, PIN unlock, PIN confirmation and revoke (spec §4, §6; docs/contract.md). Errors are
 * HubErrors with the contract's codes. Locking or revoking a session ends it in the
 * {@link SessionRegistry}: its broker connections and camera streams close, and its end is announced.
 */
export class AuthService {
  constructor(
    private readonly users: UserStore,
    private readonly sessions: SessionStore,
    private readonly sessionsOpen: SessionRegistry,
    private readonly now: () => Date = () => new Date(),
    private readonly loginThrottle = new LoginThrottle(() => now().getTime()),
  ) {}

  /**
   * Checks login and password; creates a session. Throws AUTH_BAD_USER_OR_PWD (same cost for an
   * unknown login), or AUTH_LOGIN_DELAY (429, `retryAfterMs`) while the login name or the client
   * `address` waits after repeated failures (LoginThrottle; the attempt is not checked then).
   */
  async login(
    login: string,
    password: string,
    sessionName: string,
    address = "unknown",
  ): Promise<{ session: SessionRow; token: string }> {
    const attempt = await this.loginThrottle.acquire(login, address);
    if (attempt.kind === "delay")
      throw new HubError("AUTH_LOGIN_DELAY", "Too many failed logins; wait before trying again", {
        retryAfterMs: attempt.retryAfterMs,
      } satisfies RetryAfterError);
    let ok = false;
    let user: ReturnType<UserStore["find"]>;
    try {
      user = this.users.find(login);
      ok = (await verifySecret(password, user?.passwordHash ?? (await dummySecretHash()))) && user !== undefined;
    } finally {
      if (ok) attempt.succeeded();
      else attempt.failed();
    }
    if (!user || !ok) throw new HubError("AUTH_BAD_USER_OR_PWD", "Bad login or password");
    const token = newSessionToken();
    const session = this.sessions.create({
      hash: newSessionHash(),
      tokenSha256: tokenDigest(token),
      login,
      sessionName,
      now: this.now(),
    });
    return { session, token };
  }

  /**
   * The session behind a cookie token. Throws AUTH_NO_SESSION (no token, unknown, revoked,
   * expired) or AUTH_SESSION_LOCKED (locked and `allowLocked` false). Touches lastSeenAt.
   */
  resolve(token: string | undefined, allowLocked: boolean): SessionRow {
    if (!token) throw new HubError("AUTH_NO_SESSION", "No session");
    const session = this.sessions.byTokenDigest(tokenDigest(token));
    const now = this.now();
    if (!session || session.revoked) throw new HubError("AUTH_NO_SESSION", "No session");
    if (now.getTime() - Date.parse(session.lastSeenAt) > SESSION_IDLE_LIMIT_MS) {
      this.sessions.revoke(session.id);
      throw new HubError("AUTH_NO_SESSION", "Session expired");
    }
    if (session.locked && !allowLocked) throw new HubError("AUTH_SESSION_LOCKED", "Session locked");
    this.sessions.touch(session.id, now);
    return session;
  }

  /**
   * Locks the session and ends what it holds open (live channel, camera streams; announced as
   * `locked`). Throws BAD_REQUEST when the user has no PIN.
   */
  lock(session: SessionRow): void {
    const user = this.users.find(session.login);
    if (!user?.pinHash) throw new HubError("BAD_REQUEST", "This user has no PIN; set one with the hub CLI first");
    this.sessions.lock(session.id);
    this.sessionsOpen.endSession(session, "locked");
  }

  /**
   * Unlocks a locked session with its user's PIN and issues a new token (the old one stops
   * working). Throws as {@link checkPin}.
   */
  async unlock(session: SessionRow, pin: number): Promise<{ token: string }> {
    const token = newSessionToken();
    await this.checkPin(session, pin, () => this.sessions.unlockIfLive(session.id, tokenDigest(token)));
    return { token };
  }

  /**
   * Checks the PIN of an unlocked session that asks to do something that needs it again (a
   * privileged Tasmota console command, docs/contract.md "Tasmota console"). The same attempts as
   * {@link unlock}, on the same count: a wrong PIN here counts toward the same back-off and the
   * same revocation at the 10th, and a right one clears the count. Resolves when the PIN is right;
   * throws as {@link checkPin}.
   */
  async confirmPin(session: SessionRow, pin: number): Promise<void> {
    await this.checkPin(session, pin, () => this.sessions.clearPinFailuresIfLive(session.id));
  }

  /**
   * One PIN attempt of `session`. The attempt is counted before the PIN is checked
   * (SessionStore.reservePinAttempt), so requests in flight count and concurrency buys nothing. A
   * right PIN runs `accept` (false: the session was revoked meanwhile). Throws AUTH_PIN_DELAY (429,
   * `retryAfterMs`) during back-off, AUTH_BAD_PIN (403, `attemptsLeft`, plus `retryAfterMs` when
   * this failure starts a back-off, from the 3rd on) on a wrong PIN, AUTH_SESSION_REVOKED on the
   * 10th failure and for any attempt on a session revoked meanwhile.
   */
  private async checkPin(session: SessionRow, pin: number, accept: () => boolean): Promise<void> {
    const now = this.now().getTime();
    const attempt = this.sessions.reservePinAttempt(session.id, now, pinDelayMs);
    if (attempt.kind === "revoked") throw new HubError("AUTH_SESSION_REVOKED", "Too many wrong PINs; log in again");
    if (attempt.kind === "delay")
      throw new HubError("AUTH_PIN_DELAY", "Wait before the next PIN attempt", {
        retryAfterMs: attempt.retryAfterMs,
      } satisfies RetryAfterError);
    const user = this.users.find(session.login);
    const ok = await verifySecret(canonicalPin(pin), user?.pinHash ?? (await dummySecretHash()));
    if (ok && user?.pinHash) {
      if (!accept()) throw new HubError("AUTH_SESSION_REVOKED", "Too many wrong PINs; log in again");
      return;
    }
    const outcome = afterWrongPin(attempt.failures - 1, now);
    if (outcome.kind === "revoke") {
      this.revoke(session);
      throw new HubError("AUTH_SESSION_REVOKED", "Too many wrong PINs; log in again");
    }
    const waitMs = outcome.nextAttemptAt - now;
    throw new HubError("AUTH_BAD_PIN", "Wrong PIN", {
      attemptsLeft: outcome.attemptsLeft,
      ...(waitMs > 0 ? { retryAfterMs: waitMs } : {}),
    } satisfies BadPinError);
  }

  /** Revokes a session and ends what it holds open (live channel, camera streams; announced as `revoked`). */
  revoke(session: SessionRow): void {
    this.sessions.revoke(session.id);
    this.sessionsOpen.endSession(session, "revoked");
  }

  /** The user's sessions that are still valid. */
  list(login: string): SessionRow[] {
    return this.sessions.activeFor(login);
  }

  /** One of the user's sessions by public hash; throws NOT_FOUND. */
  byHash(login: string, hash: string): SessionRow {
    const session = this.sessions.byHash(login, hash);
    if (!session || session.revoked) throw new HubError("NOT_FOUND", "No such session");
    return session;
  }
}
