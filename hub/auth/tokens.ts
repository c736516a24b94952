import { createHash, randomBytes } from "node:crypto";

/** A new session token: 32 random bytes (256 bits), base64url. Only the browser's cookie holds it. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A session's public id (`hash` in the contract): 12 random bytes, base64url. Not derived from the token. */
export function newSessionHash(): string {
  return randomBytes(12).toString("base64url");
}

/** SHA-256 of a token, hex: what the store keeps instead of the token. */
export function tokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
