import { describe, expect, it } from "vitest";
import { hashSecret, verifySecret } from "./kdf";
import { DEMO_USER } from "./demo-seed";
import { afterWrongPin, canonicalPin, NEW_PIN_RULE, newPinProblem, pinDelayMs } from "./pin-policy";
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

describe("new PIN rule (spec §2 keypad 1-9, §5 PIN sent as a number)", () => {
  it("accepts 4 to 15 digits 1-9, the demo PIN among them", () => {
    expect(newPinProblem("1357")).toBeNull();
    expect(newPinProblem(DEMO_USER.pin)).toBeNull();
    expect(newPinProblem("123456789123456")).toBeNull();
  });

  it("refuses a 0 anywhere, a wrong length and anything but digits, saying why", () => {
    for (const pin of ["1024", "0123", "1230", "123", "1234567891234567", "12a4", " 1234", ""]) {
      expect(newPinProblem(pin), pin).toBe(NEW_PIN_RULE);
    }
    expect(NEW_PIN_RULE).toBe("PIN may contain only digits 1-9 (the keypad has no 0), 4 to 15 digits");
  });
});
