import { describe, expect, it } from "vitest";
import { hashSecret, verifySecret } from "./kdf";
import { afterWrongPin, canonicalPin, pinDelayMs } from "./pin-policy";
import { newSessionToken, tokenDigest } from "./tokens";

describe("password hashing", () => {
  it("stores scrypt$N$r$p$salt$hash with the production cost and verifies only the right secret", async () => {
    const stored = await hashSecret("demo");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifySecret("demo", stored)).toBe(true);
    expect(await verifySecret("Demo", stored)).toBe(false);
    expect(await hashSecret("demo")).not.toBe(stored);
  });

  it("answers false for a malformed stored hash instead of throwing", async () => {
    expect(await verifySecret("x", "plaintext")).toBe(false);
    expect(await verifySecret("x", "scrypt$99999999999$8$1$aa$bb")).toBe(false);
  });
});

describe("session tokens", () => {
  it("are 256 random bits and stored only as a SHA-256 digest", () => {
    const token = newSessionToken();
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(newSessionToken()).not.toBe(token);
    expect(tokenDigest(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("PIN attempt policy", () => {
  it("waits 1000 * 2^(failures-3) ms from the 3rd failure, capped at 60 s", () => {
    expect([1, 2, 3, 4, 5, 9].map(pinDelayMs)).toEqual([0, 0, 1000, 2000, 4000, 60_000]);
  });

  it("revokes on the 10th failure and tells how many attempts are left before", () => {
    expect(afterWrongPin(0, 0)).toEqual({ kind: "retry", failures: 1, nextAttemptAt: 0, attemptsLeft: 9 });
    expect(afterWrongPin(8, 100)).toMatchObject({ kind: "retry", failures: 9, attemptsLeft: 1 });
    expect(afterWrongPin(9, 100)).toEqual({ kind: "revoke", failures: 10 });
  });

  it("compares PINs as numbers, since the dashboard sends a number", () => {
    expect(canonicalPin(1357)).toBe("1357");
    expect(canonicalPin("1357")).toBe("1357");
    expect(() => canonicalPin(-1)).toThrow();
    expect(() => canonicalPin(1.5)).toThrow();
  });
});
