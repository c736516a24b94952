import { describe, expect, it } from "vitest";
import { httpError } from "../../lib/api/errors";
import { peekUnlockFailure, saveUnlockFailure, UNLOCK_FAILURE_KEY, unlockFailureOf } from "./unlockFailure";

const NOW = 1_700_000_000_000;

describe("unlock failure kept across the reload (spec §8, docs/contract.md)", () => {
  it("reads attempts left and the back-off from AUTH_BAD_PIN", () => {
    expect(unlockFailureOf(httpError(403, "Forbidden", { code: "AUTH_BAD_PIN", attemptsLeft: 9 }), NOW)).toEqual({
      kind: "badPin",
      attemptsLeft: 9,
    });
    expect(
      unlockFailureOf(httpError(403, "Forbidden", { code: "AUTH_BAD_PIN", attemptsLeft: 7, retryAfterMs: 1000 }), NOW),
    ).toEqual({
      kind: "badPin",
      attemptsLeft: 7,
      retryAt: NOW + 1000,
    });
  });

  it("reads the wait from AUTH_PIN_DELAY and recognises a revoked session", () => {
    expect(
      unlockFailureOf(httpError(429, "Too Many Requests", { code: "AUTH_PIN_DELAY", retryAfterMs: 4000 }), NOW),
    ).toEqual({
      kind: "delay",
      retryAt: NOW + 4000,
    });
    expect(unlockFailureOf(httpError(401, "Unauthorized", { code: "AUTH_SESSION_REVOKED" }), NOW)).toEqual({
      kind: "revoked",
    });
  });

  it("calls anything else, or a body without the contract's fields, a plain failure", () => {
    expect(unlockFailureOf(new TypeError("Failed to fetch"), NOW)).toEqual({ kind: "failed" });
    expect(unlockFailureOf(httpError(403, "Forbidden", { code: "AUTH_BAD_PIN" }), NOW)).toEqual({ kind: "failed" });
    expect(unlockFailureOf(httpError(500, "Internal Server Error", { code: "INTERNAL" }), NOW)).toEqual({
      kind: "failed",
    });
  });

  it("stores it as JSON and ignores a tampered value", () => {
    saveUnlockFailure({ kind: "badPin", attemptsLeft: 3 }, sessionStorage);
    expect(peekUnlockFailure(sessionStorage)).toEqual({ kind: "badPin", attemptsLeft: 3 });
    sessionStorage.setItem(UNLOCK_FAILURE_KEY, '{"kind":"badPin","attemptsLeft":"lots"}');
    expect(peekUnlockFailure(sessionStorage)).toBeNull();
    sessionStorage.setItem(UNLOCK_FAILURE_KEY, "not json");
    expect(peekUnlockFailure(sessionStorage)).toBeNull();
    sessionStorage.clear();
  });
});
