import type { Db } from "../core/db";

export interface SessionRow {
  id: number;
  hash: string;
  login: string;
  sessionName: string;
  createdAt: string;
  lastSeenAt: string;
  locked: boolean;
  pinFailures: number;
  nextAttemptAt: number;
  revoked: boolean;
}

interface RawSession {
  id: number;
  hash: string;
  login: string;
  session_name: string;
  created_at: string;
  last_seen_at: string;
  locked: number;
  pin_failures: number;
  next_attempt_at: number;
  revoked: number;
}

const toSession = (row: RawSession): SessionRow => ({
  id: row.id,
  hash: row.hash,
  login: row.login,
  sessionName: row.session_name,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  locked: row.locked !== 0,
  pinFailures: row.pin_failures,
  nextAttemptAt: row.next_attempt_at,
  revoked: row.revoked !== 0,
});

const COLUMNS =
  "id, hash, login, session_name, created_at, last_seen_at, locked, pin_failures, next_attempt_at, revoked";

/** Sessions table. Tokens are stored only as SHA-256 digests (`token_sha256`). */
export class SessionStore {
  constructor(private readonly db: Db) {}

  create(input: { hash: string; tokenSha256: string; login: string; sessionName: string; now: Date }): SessionRow {
    const at = input.now.toISOString();
    const info = this.db
      .prepare(
        "INSERT INTO sessions (hash, token_sha256, login, session_name, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(input.hash, input.tokenSha256, input.login, input.sessionName, at, at);
    const row = this.byId(Number(info.lastInsertRowid));
    if (!row) throw new Error("session vanished after insert");
    return row;
  }

  byId(id: number): SessionRow | undefined {
    const row = this.db.prepare<[number], RawSession>(`SELECT ${COLUMNS} FROM sessions WHERE id = ?`).get(id);
    return row ? toSession(row) : undefined;
  }

  byTokenDigest(tokenSha256: string): SessionRow | undefined {
    const row = this.db
      .prepare<[string], RawSession>(`SELECT ${COLUMNS} FROM sessions WHERE token_sha256 = ?`)
      .get(tokenSha256);
    return row ? toSession(row) : undefined;
  }

  byHash(login: string, hash: string): SessionRow | undefined {
    const row = this.db
      .prepare<[string, string], RawSession>(`SELECT ${COLUMNS} FROM sessions WHERE login = ? AND hash = ?`)
      .get(login, hash);
    return row ? toSession(row) : undefined;
  }

  /** The user's sessions that are not revoked, newest first. */
  activeFor(login: string): SessionRow[] {
    return this.db
      .prepare<[string], RawSession>(`SELECT ${COLUMNS} FROM sessions WHERE login = ? AND revoked = 0 ORDER BY id DESC`)
      .all(login)
      .map(toSession);
  }

  touch(id: number, now: Date): void {
    this.db.prepare("UPDATE sessions SET last_seen_at = ? WHERE id = ?").run(now.toISOString(), id);
  }

  lock(id: number): void {
    this.db.prepare("UPDATE sessions SET locked = 1 WHERE id = ?").run(id);
  }

  /** Unlocks with a fresh token digest and clears the PIN failure count. */
  unlock(id: number, tokenSha256: string): void {
    this.db
      .prepare("UPDATE sessions SET locked = 0, pin_failures = 0, next_attempt_at = 0, token_sha256 = ? WHERE id = ?")
      .run(tokenSha256, id);
  }

  /**
   * Counts one PIN attempt before its PIN is checked, atomically (one SQLite transaction on the
   * row as it is now, not as the request saw it on arrival), so concurrent requests cannot buy
   * attempts: the attempt is recorded as a failure with the back-off `delayAfter(failures)`
   * until the PIN proves right ({@link unlock} clears it). Answers "revoked" for a revoked or missing
   * session, "delay" with the wait (ms) while a back-off runs (not counted), else the attempt's
   * failure number (1 = first).
   */
  reservePinAttempt(
    id: number,
    now: number,
    delayAfter: (failures: number) => number,
  ): { kind: "revoked" } | { kind: "delay"; retryAfterMs: number } | { kind: "counted"; failures: number } {
    return this.db
      .transaction(() => {
        const row = this.db
          .prepare<[number], { pin_failures: number; next_attempt_at: number; revoked: number }>(
            "SELECT pin_failures, next_attempt_at, revoked FROM sessions WHERE id = ?",
          )
          .get(id);
        if (!row || row.revoked) return { kind: "revoked" as const };
        if (row.next_attempt_at > now) return { kind: "delay" as const, retryAfterMs: row.next_attempt_at - now };
        const failures = row.pin_failures + 1;
        this.db
          .prepare("UPDATE sessions SET pin_failures = ?, next_attempt_at = ? WHERE id = ?")
          .run(failures, now + delayAfter(failures), id);
        return { kind: "counted" as const, failures };
      })
      .immediate();
  }

  /** Unlocks a session that is still not revoked; false when another request revoked it meanwhile. */
  unlockIfLive(id: number, tokenSha256: string): boolean {
    const info = this.db
      .prepare(
        "UPDATE sessions SET locked = 0, pin_failures = 0, next_attempt_at = 0, token_sha256 = ? WHERE id = ? AND revoked = 0",
      )
      .run(tokenSha256, id);
    return info.changes === 1;
  }

  /** Clears the PIN failure count of a session that is still not revoked (a right PIN); false when it was revoked meanwhile. */
  clearPinFailuresIfLive(id: number): boolean {
    const info = this.db
      .prepare("UPDATE sessions SET pin_failures = 0, next_attempt_at = 0 WHERE id = ? AND revoked = 0")
      .run(id);
    return info.changes === 1;
  }

  revoke(id: number): void {
    this.db.prepare("UPDATE sessions SET revoked = 1 WHERE id = ?").run(id);
  }

  /** Revokes every session of `login` that is not revoked yet (a password change); answers how many. */
  revokeAllOf(login: string): number {
    return this.db.prepare("UPDATE sessions SET revoked = 1 WHERE login = ? AND revoked = 0").run(login).changes;
  }

  /** Every session that is not revoked, as `{id, hash}` (the hub's session watch compares them second by second). */
  live(): { id: number; hash: string }[] {
    return this.db.prepare<[], { id: number; hash: string }>("SELECT id, hash FROM sessions WHERE revoked = 0").all();
  }

  /**
   * SQLite's `PRAGMA data_version` of this connection: it changes whenever another connection
   * (the CLI) commits to the database, so the hub knows when to look for sessions ended elsewhere.
   */
  dataVersion(): number {
    return Number(this.db.pragma("data_version", { simple: true }));
  }
}
