import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { SessionConnections } from "../broker/session-connections";
import { openDb } from "../store/db";
import { SessionStore } from "../store/sessions";
import { UserStore } from "../store/users";
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
    const auth = new AuthService(users, new SessionStore(db), new SessionConnections());
    await auth.login("nobody", "x", "warm-up").catch(() => undefined);
    const wrongPassword = await median(() => auth.login("demo", "wrong", "s"), 5);
    const unknownLogin = await median(() => auth.login("nobody", "wrong", "s"), 5);
    expect(wrongPassword).toBeGreaterThan(5); // a real KDF ran
    expect(unknownLogin / wrongPassword).toBeGreaterThan(0.5);
    expect(unknownLogin / wrongPassword).toBeLessThan(2);
  });
});
