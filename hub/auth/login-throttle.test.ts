import { describe, expect, it } from "vitest";
import { LOGIN_FORGET_MS, LOGIN_MAX_KEYS, LoginThrottle, loginDelayMs } from "./login-throttle";

// Issue 7, attack 7: logins were unlimited (about 12 a second). Growing delays per login name and
// per client address, no permanent ban.

describe("login throttle", () => {
  it("lets 5 failures through, then makes each further attempt wait 1 s, 2 s, 4 s ... up to 60 s", () => {
    expect([1, 4, 5, 6, 7, 20].map(loginDelayMs)).toEqual([0, 0, 1000, 2000, 4000, 60_000]);
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < 5; i++) expect(throttle.reserve("anna", "192.0.2.1").kind).toBe("counted");
    expect(throttle.reserve("anna", "192.0.2.1")).toMatchObject({ kind: "delay", retryAfterMs: 1000 });
    now += 1000;
    expect(throttle.reserve("anna", "192.0.2.1").kind).toBe("counted");
    expect(throttle.reserve("anna", "192.0.2.1")).toMatchObject({ kind: "delay", retryAfterMs: 2000 });
  });

  it("counts per login name across addresses, and per address across login names", () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < 5; i++) throttle.reserve("anna", `192.0.2.${i}`);
    expect(throttle.reserve("anna", "192.0.2.99")).toMatchObject({ kind: "delay", key: "login" });
    for (let i = 0; i < 5; i++) throttle.reserve(`user${i}`, "198.51.100.7");
    expect(throttle.reserve("someone", "198.51.100.7")).toMatchObject({ kind: "delay", key: "address" });
    expect(throttle.reserve("bob", "192.0.2.200").kind).toBe("counted");
  });

  it("a burst of 1,000 concurrent guesses gets 5 checked: the rest wait", () => {
    const throttle = new LoginThrottle(() => 0);
    const kinds = Array.from({ length: 1000 }, () => throttle.reserve("anna", "192.0.2.1").kind);
    expect(kinds.filter((kind) => kind === "counted")).toHaveLength(5);
  });

  it("a right password clears both counts; failures are forgotten 15 minutes after the last one (no ban)", () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < 4; i++) throttle.reserve("anna", "192.0.2.1");
    const right = throttle.reserve("anna", "192.0.2.1");
    if (right.kind !== "counted") throw new Error("expected counted");
    right.succeeded();
    for (let i = 0; i < 5; i++) expect(throttle.reserve("anna", "192.0.2.1").kind).toBe("counted");
    expect(throttle.reserve("anna", "192.0.2.1").kind).toBe("delay");
    now += LOGIN_FORGET_MS + 1;
    expect(throttle.reserve("anna", "192.0.2.1").kind).toBe("counted");
  });

  it("holds at most 10,000 keys, forgetting the oldest", () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < 4; i++) throttle.reserve("first", "192.0.2.1");
    for (let i = 0; i < LOGIN_MAX_KEYS; i++) throttle.reserve(`user${i}`, `address${i}`);
    expect(throttle.size).toBe(LOGIN_MAX_KEYS);
    // "first" was forgotten: it has 5 free failures again instead of 1.
    for (let i = 0; i < 5; i++) expect(throttle.reserve("first", "192.0.2.1").kind).toBe("counted");
  });
});
