import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { SessionRegistry } from "../core/session-registry";
import { HubError } from "../core/errors";
import { openDb } from "../domains";
import { type Db } from "../core/db";
import { SessionStore } from "./session-store";
import { UserStore } from "./user-store";
import { tempDir } from "../testing/harness";
import { AuthService } from "./auth-service";
import { hashSecret, useCheapKdfForTests } from "./kdf";
import { PIN_MAX_FAILURES } from "./pin-policy";

// Concurrent wrong PINs (docs/security.md) must not buy attempts. Each attempt is counted before its
// PIN is checked, on the row as it is now, so a burst of 300 counts like single attempts.

const RIGHT = 1357;
const WRONG = 2468;
let db: Db | undefined;
let dir: string | undefined;
afterEach(() => {
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function lockedSession(clock: { now: number }) {
  useCheapKdfForTests();
  dir = tempDir();
  db = openDb(dir);
  const users = new UserStore(db);
  users.add("anna", await hashSecret("secret"), await hashSecret(String(RIGHT)));
  const sessions = new SessionStore(db);
  const auth = new AuthService(users, sessions, new SessionRegistry(), () => new Date(clock.now));
  const { session } = await auth.login("anna", "secret", "tablet");
  auth.lock(session);
  return { auth, sessions, session };
}

/** The error codes of settled unlock attempts, counted: `{ AUTH_BAD_PIN: 3, AUTH_PIN_DELAY: 297 }`. */
function codesOf(results: PromiseSettledResult<unknown>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of results) {
    const code =
      result.status === "fulfilled"
        ? "OK"
        : result.reason instanceof HubError
          ? result.reason.code
          : String(result.reason);
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

describe("PIN attempts under concurrency", () => {
  it("a burst of 300 wrong PINs plus the right one: at most the free attempts are checked, the right PIN waits", async () => {
    const clock = { now: Date.parse("2026-11-22T12:00:00Z") };
    const { auth, session } = await lockedSession(clock);
    const burst = [...Array.from({ length: 300 }, () => auth.unlock(session, WRONG)), auth.unlock(session, RIGHT)];
    const codes = codesOf(await Promise.allSettled(burst));
    expect(codes).toEqual({ AUTH_BAD_PIN: 3, AUTH_PIN_DELAY: 298 });
  });

  it("bursts of 300 wrong PINs, each after the back-off: revoked at the 10th counted failure, the right PIN refused afterwards", async () => {
    const clock = { now: Date.parse("2026-11-22T12:00:00Z") };
    const { auth, sessions, session } = await lockedSession(clock);
    let badPins = 0;
    let revokedAt = -1;
    for (let burst = 0; burst < 12 && revokedAt < 0; burst++) {
      const codes = codesOf(await Promise.allSettled(Array.from({ length: 300 }, () => auth.unlock(session, WRONG))));
      badPins += codes.AUTH_BAD_PIN ?? 0;
      if ((codes.AUTH_SESSION_REVOKED ?? 0) > 0) revokedAt = badPins + 1;
      clock.now += 61_000; // past the longest back-off
    }
    expect(revokedAt).toBe(PIN_MAX_FAILURES);
    expect(badPins).toBe(PIN_MAX_FAILURES - 1);
    expect(sessions.byId(session.id)?.revoked).toBe(true);
    await expect(auth.unlock(session, RIGHT)).rejects.toMatchObject({ code: "AUTH_SESSION_REVOKED" });
  });

  it("the right PIN after two wrong ones still unlocks and clears the count", async () => {
    const clock = { now: Date.parse("2026-11-22T12:00:00Z") };
    const { auth, sessions, session } = await lockedSession(clock);
    await expect(auth.unlock(session, WRONG)).rejects.toMatchObject({
      code: "AUTH_BAD_PIN",
      extra: { attemptsLeft: 9 },
    });
    await expect(auth.unlock(session, WRONG)).rejects.toMatchObject({
      code: "AUTH_BAD_PIN",
      extra: { attemptsLeft: 8 },
    });
    await expect(auth.unlock(session, RIGHT)).resolves.toMatchObject({ token: expect.any(String) });
    expect(sessions.byId(session.id)).toMatchObject({ locked: false, pinFailures: 0, nextAttemptAt: 0 });
  });
});
