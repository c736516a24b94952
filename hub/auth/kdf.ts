import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/** Production scrypt cost (DESIGN.md §7): N=2^15, r=8, p=1, 16-byte salt, 32-byte key. */
const PRODUCTION_COST = { N: 2 ** 15, r: 8, p: 1 };
let cost = { ...PRODUCTION_COST };

/** Lowers the scrypt cost for the hub's own tests only (keeps the suite fast). Never call in production. */
export function useCheapKdfForTests(): void {
  cost = { N: 2 ** 10, r: 8, p: 1 };
}

function scryptAsync(secret: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, 32, { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** Hashes a password or PIN to `scrypt$N$r$p$<salt b64url>$<hash b64url>`. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * Checks `secret` against a stored `scrypt$...` string in constant time. A malformed stored
 * string answers false (never throws), after spending about the same time as a real check.
 */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  const [scheme, n, r, p, salt, hash] = parts;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const valid =
    parts.length === 6 &&
    scheme === "scrypt" &&
    Number.isInteger(params.N) &&
    params.N >= 2 &&
    params.N <= 2 ** 20 &&
    (params.N & (params.N - 1)) === 0 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= 32 &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= 16;
  if (!valid || salt === undefined || hash === undefined) {
    await scryptAsync(secret, randomBytes(16), cost);
    return false;
  }
  const expected = Buffer.from(hash, "base64url");
  const actual = await scryptAsync(secret, Buffer.from(salt, "base64url"), params);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

let dummyHash: Promise<string> | undefined;

/** A hash to verify against when the login is unknown, so a wrong login costs as much as a wrong password. */
export function dummySecretHash(): Promise<string> {
  dummyHash ??= hashSecret("no such user");
  return dummyHash;
}
