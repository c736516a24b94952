import { describe, expect, it } from "vitest";
import {
  LOGIN_FORGET_MS,
  LOGIN_MAX_KEYS,
  LOGIN_MAX_WAITERS,
  LoginThrottle,
  loginDelayMs,
  type LoginReservation,
} from "./login-throttle";

// Login brute force (docs/security.md): growing delays per login name and
// per client address, no permanent ban; concurrent right logins are never refused for each other.

/** One attempt that turns out wrong: acquired, then failed. Answers what acquire said. */
async function wrong(throttle: LoginThrottle, login: string, address: string): Promise<LoginReservation["kind"]> {
  const attempt = await throttle.acquire(login, address);
  if (attempt.kind === "counted") attempt.failed();
  return attempt.kind;
}

describe("login throttle", () => {
  it("lets 5 failures through, then makes each further attempt wait 1 s, 2 s, 4 s ... up to 60 s", async () => {
    expect([1, 4, 5, 6, 7, 20].map(loginDelayMs)).toEqual([0, 0, 1000, 2000, 4000, 60_000]);
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < 5; i++) expect(await wrong(throttle, "anna", "192.0.2.1")).toBe("counted");
    expect(await throttle.acquire("anna", "192.0.2.1")).toMatchObject({ kind: "delay", retryAfterMs: 1000 });
    now += 1000;
    expect(await wrong(throttle, "anna", "192.0.2.1")).toBe("counted");
    expect(await throttle.acquire("anna", "192.0.2.1")).toMatchObject({ kind: "delay", retryAfterMs: 2000 });
  });

  it("counts per login name across addresses, and per address across login names", async () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < 5; i++) await wrong(throttle, "anna", `192.0.2.${i}`);
    expect(await throttle.acquire("anna", "192.0.2.99")).toMatchObject({ kind: "delay", key: "login" });
    for (let i = 0; i < 5; i++) await wrong(throttle, `user${i}`, "198.51.100.7");
    expect(await throttle.acquire("someone", "198.51.100.7")).toMatchObject({ kind: "delay", key: "address" });
    expect((await throttle.acquire("bob", "192.0.2.200")).kind).toBe("counted");
  });

  it("a burst of 1,000 concurrent wrong guesses gets 5 checked: the rest wait, then meet the delay", async () => {
    const throttle = new LoginThrottle(() => 0);
    const counted: LoginReservation[] = [];
    const answers = Array.from({ length: 1000 }, () =>
      throttle.acquire("anna", "192.0.2.1").then((attempt) => {
        if (attempt.kind === "counted") counted.push(attempt);
        return attempt;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(counted).toHaveLength(5);
    for (const attempt of counted.splice(0)) if (attempt.kind === "counted") attempt.failed();
    const all = await Promise.all(answers);
    expect(all.filter((attempt) => attempt.kind === "counted")).toHaveLength(5);
    expect(all.filter((attempt) => attempt.kind === "delay")).toHaveLength(995);
    expect(LOGIN_MAX_WAITERS).toBeLessThan(995); // some were refused at once, the rest after the five failed
  });

  it("twenty concurrent right logins from one address all get checked (devices reconnecting after a restart)", async () => {
    const throttle = new LoginThrottle(() => 0);
    const answers = Array.from({ length: 20 }, (_, i) =>
      throttle.acquire(`mqtt:device${i}`, "127.0.0.1").then((attempt) => {
        // The password check takes a moment; then it was right.
        if (attempt.kind === "counted") setTimeout(() => attempt.succeeded(), 1);
        return attempt.kind;
      }),
    );
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 20 }, () => "counted"));
    await new Promise((resolve) => setTimeout(resolve, 10)); // the last checks settle
    expect(throttle.size).toBe(0); // nothing is remembered of right logins
  });

  it("a right password clears both counts; failures are forgotten 15 minutes after the last one (no ban)", async () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < 4; i++) await wrong(throttle, "anna", "192.0.2.1");
    const right = await throttle.acquire("anna", "192.0.2.1");
    if (right.kind !== "counted") throw new Error("expected counted");
    right.succeeded();
    right.failed(); // a second settle is ignored
    for (let i = 0; i < 5; i++) expect(await wrong(throttle, "anna", "192.0.2.1")).toBe("counted");
    expect((await throttle.acquire("anna", "192.0.2.1")).kind).toBe("delay");
    now += LOGIN_FORGET_MS + 1;
    expect((await throttle.acquire("anna", "192.0.2.1")).kind).toBe("counted");
  });

  it("holds at most 10,000 keys, forgetting the oldest", async () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < 4; i++) await wrong(throttle, "first", "192.0.2.1");
    for (let i = 0; i < LOGIN_MAX_KEYS; i++) await wrong(throttle, `user${i}`, `address${i}`);
    expect(throttle.size).toBe(LOGIN_MAX_KEYS);
    // "first" was forgotten: it has 5 free failures again instead of 1.
    for (let i = 0; i < 5; i++) expect(await wrong(throttle, "first", "192.0.2.1")).toBe("counted");
  });
});
