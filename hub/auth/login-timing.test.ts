import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { SessionRegistry } from "../core/session-registry";
import { openDb } from "../domains";
import { SessionStore } from "./session-store";
import { UserStore } from "./user-store";
import { tempDir } from "../testing/harness";
import { AuthService } from "./auth-service";
import { hashSecret } from "./kdf";

const dir = tempDir();
const db = openDb(dir);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function median(run: () => Promise<unknown>, times: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run().catch(() => undefined);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(times / 2)] ?? 0;
}

describe("login timing (production scrypt cost)", () => {
  it("a wrong login costs about as much as a wrong password, so logins cannot be probed by timing", async () => {
    const users = new UserStore(db);
    users.add("demo", await hashSecret("demo"), null);
    const auth = new AuthService(users, new SessionStore(db), new SessionRegistry());
    // A new client address per attempt, so the login rate limit (login-throttle.ts) stays out of the way.
    let address = 0;
    const from = () => `192.0.2.${++address}`;
    await auth.login("warm-up", "x", "warm-up", from()).catch(() => undefined);
    const wrongPassword = await median(() => auth.login("demo", "wrong", "s", from()), 5);
    const unknownLogin = await median(() => auth.login("nobody", "wrong", "s", from()), 5);
    expect(wrongPassword).toBeGreaterThan(5); // a real KDF ran
    expect(unknownLogin / wrongPassword).toBeGreaterThan(0.5);
    expect(unknownLogin / wrongPassword).toBeLessThan(2);
  });
});
