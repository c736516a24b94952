import Database from "better-sqlite3";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as v from "valibot";
import { RetryAfterErrorSchema, SessionListSchema } from "../../contract/auth";
import { call, jsonOf, login, sessionCookieOf, startTestHub, type TestHub } from "../testing/harness";

const Delay = v.object({ ...RetryAfterErrorSchema.entries, code: v.literal("AUTH_PIN_DELAY") });

let hub: TestHub;
beforeEach(async () => {
  hub = await startTestHub();
});
afterEach(async () => {
  await hub.cleanup();
});

/** Clears the PIN back-off in the hub's database, standing in for the wait a user would sit through. */
function skipPinBackoff(dataDir: string): void {
  const db = new Database(join(dataDir, "hub.sqlite"));
  db.prepare("UPDATE sessions SET next_attempt_at = 0").run();
  db.close();
}

describe("POST /auth", () => {
  it("logs in with the right password and sets an HttpOnly SameSite=Strict session cookie", async () => {
    const response = await call(hub, "POST", "/api/auth/v1/auth", {
      body: { login: "demo", password: "demo", sessionName: "Komputer" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      item: { login: "demo", hash: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) },
    });
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/hub_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).not.toContain("Secure");
  });

  it("sets the readable sign-in hint beside the session cookie, with the same lifetime", async () => {
    const response = await call(hub, "POST", "/api/auth/v1/auth", {
      body: { login: "demo", password: "demo", sessionName: "Tablet" },
    });
    const hint = response.headers.getSetCookie().find((header) => header.startsWith("hub_signed_in="));
    expect(hint).toMatch(/^hub_signed_in=1;/);
    expect(hint).toContain("Max-Age=15552000");
    expect(hint).toContain("SameSite=Strict");
    expect(hint).not.toContain("HttpOnly");
  });

  it("marks the cookie Secure behind an HTTPS proxy listed in HUB_TRUST_PROXY, not for anyone saying so", async () => {
    const body = { login: "demo", password: "demo", sessionName: "x" };
    const headers = { "x-forwarded-proto": "https" };
    expect(
      (await call(hub, "POST", "/api/auth/v1/auth", { body, headers })).headers.getSetCookie().join("\n"),
    ).not.toContain("Secure");
    const proxied = await startTestHub({ trustProxy: ["127.0.0.1"] });
    try {
      const response = await call(proxied, "POST", "/api/auth/v1/auth", { body, headers });
      expect(response.headers.getSetCookie().join("\n")).toContain("Secure");
    } finally {
      await proxied.cleanup();
    }
  });

  it("answers AUTH_BAD_USER_OR_PWD for a wrong password and for an unknown login alike", async () => {
    for (const body of [
      { login: "demo", password: "wrong", sessionName: "x" },
      { login: "nobody", password: "demo", sessionName: "x" },
    ]) {
      const response = await call(hub, "POST", "/api/auth/v1/auth", { body });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: "AUTH_BAD_USER_OR_PWD" });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it("refuses a body with a missing session name as BAD_REQUEST", async () => {
    const response = await call(hub, "POST", "/api/auth/v1/auth", { body: { login: "demo", password: "demo" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("refuses a body carrying __proto__ as BAD_REQUEST", async () => {
    const response = await fetch(`${hub.url}/api/auth/v1/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"login":"demo","password":"demo","sessionName":"x","__proto__":{"admin":true}}',
    });
    expect(response.status).toBe(400);
  });

  it("refuses a body that is not JSON as BAD_REQUEST", async () => {
    const response = await fetch(`${hub.url}/api/auth/v1/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("POST /session/validate", () => {
  it("answers 401 AUTH_NO_SESSION without a cookie", async () => {
    const response = await call(hub, "POST", "/api/auth/v1/session/validate", { body: {} });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "AUTH_NO_SESSION" });
  });

  it("answers 401 for a forged cookie", async () => {
    const response = await call(hub, "POST", "/api/auth/v1/session/validate", {
      body: {},
      cookie: "hub_session=forged",
    });
    expect(response.status).toBe(401);
  });

  it("accepts an empty JSON body", async () => {
    const cookie = await login(hub);
    const response = await fetch(`${hub.url}/api/auth/v1/session/validate`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
    });
    expect(response.status).toBe(200);
  });

  it("clears a dead session's cookie and sign-in hint in its 401, and sends no clearing to a browser that had neither", async () => {
    const cookie = await login(hub);
    await call(hub, "DELETE", "/api/auth/v1/session", { body: {}, cookie });
    const dead = await call(hub, "POST", "/api/auth/v1/session/validate", {
      body: {},
      cookie: `${cookie}; hub_signed_in=1`,
    });
    expect(dead.status).toBe(401);
    const cleared = dead.headers.getSetCookie().join("\n");
    expect(cleared).toMatch(/hub_session=;/);
    expect(cleared).toMatch(/hub_signed_in=;/);
    const hintOnly = await call(hub, "GET", "/api/v2/config", { cookie: "hub_signed_in=1" });
    expect(hintOnly.status).toBe(401);
    expect(hintOnly.headers.getSetCookie().join("\n")).toMatch(/hub_signed_in=;/);
    const none = await call(hub, "POST", "/api/auth/v1/session/validate", { body: {} });
    expect(none.headers.getSetCookie()).toEqual([]);
  });

  it("sets the session cookie and the hint again on validation (a session in use keeps its cookies)", async () => {
    const cookie = await login(hub);
    const response = await call(hub, "POST", "/api/auth/v1/session/validate", { body: {}, cookie });
    const setCookie = response.headers.getSetCookie();
    expect(setCookie.find((header) => header.startsWith("hub_session="))).toContain(`${cookie};`);
    expect(setCookie.find((header) => header.startsWith("hub_signed_in="))).toMatch(
      /^hub_signed_in=1;.*Max-Age=15552000/,
    );
  });

  it("answers the login for a valid session", async () => {
    const cookie = await login(hub);
    const response = await call(hub, "POST", "/api/auth/v1/session/validate", { body: {}, cookie });
    expect(await response.json()).toEqual({
      item: { login: "demo", hash: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) },
    });
  });
});

describe("lock and unlock", () => {
  it("locks: every API call answers 403 AUTH_SESSION_LOCKED until the PIN unlocks with a new cookie", async () => {
    const cookie = await login(hub);
    const lock = await call(hub, "POST", "/api/auth/v1/session/lock", { body: {}, cookie });
    expect(await lock.json()).toEqual({ item: { locked: true } });

    for (const [method, path] of [
      ["POST", "/api/auth/v1/session/validate"],
      ["GET", "/api/v2/config"],
      ["GET", "/api/v1/config/sensors"],
      ["GET", "/api/auth/v1/preferences"],
      ["GET", "/api/cameras/v5/cameras/zoom"],
    ] as const) {
      const response = await call(hub, method, path, { cookie, ...(method === "POST" ? { body: {} } : {}) });
      expect(response.status, path).toBe(403);
      expect(await response.json()).toMatchObject({ code: "AUTH_SESSION_LOCKED" });
    }

    const unlock = await call(hub, "POST", "/api/auth/v1/session/unlock", { body: { pin: 1357 }, cookie });
    expect(unlock.status).toBe(200);
    expect(await unlock.json()).toEqual({
      item: { login: "demo", hash: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) },
    });
    const fresh = sessionCookieOf(unlock);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(cookie);

    expect((await call(hub, "GET", "/api/v2/config", { cookie: fresh })).status).toBe(200);
    const old = await call(hub, "GET", "/api/v2/config", { cookie });
    expect(old.status).toBe(401);
  });

  it("refuses a PIN sent as a string", async () => {
    const cookie = await login(hub);
    await call(hub, "POST", "/api/auth/v1/session/lock", { body: {}, cookie });
    const response = await call(hub, "POST", "/api/auth/v1/session/unlock", { body: { pin: "1357" }, cookie });
    expect(response.status).toBe(400);
  });

  it("counts wrong PINs, delays after 3 failures and revokes the session at the 10th", async () => {
    const cookie = await login(hub);
    await call(hub, "POST", "/api/auth/v1/session/lock", { body: {}, cookie });
    const attempt = () => call(hub, "POST", "/api/auth/v1/session/unlock", { body: { pin: 1111 }, cookie });

    for (let failure = 1; failure <= 3; failure++) {
      const response = await attempt();
      expect(response.status).toBe(403);
      const answer: unknown = await response.json();
      expect(answer).toMatchObject({ code: "AUTH_BAD_PIN", attemptsLeft: 10 - failure });
      // The failure that starts the back-off says how long it lasts; the first two do not wait.
      if (failure < 3) expect(answer).not.toHaveProperty("retryAfterMs");
      else expect(answer).toMatchObject({ retryAfterMs: 1000 });
    }
    const delayed = await attempt();
    expect(delayed.status).toBe(429);
    const body = await jsonOf(delayed, Delay);
    expect(body.retryAfterMs).toBeGreaterThan(0);
    expect(body.retryAfterMs).toBeLessThanOrEqual(1000);

    // The right PIN is refused too while the back-off runs.
    expect((await call(hub, "POST", "/api/auth/v1/session/unlock", { body: { pin: 1357 }, cookie })).status).toBe(429);

    let last: Response | undefined;
    for (let failure = 4; failure <= 10; failure++) {
      skipPinBackoff(hub.dataDir);
      last = await attempt();
    }
    expect(last?.status).toBe(401);
    expect(await last?.json()).toMatchObject({ code: "AUTH_SESSION_REVOKED" });

    skipPinBackoff(hub.dataDir);
    const afterRevoke = await call(hub, "POST", "/api/auth/v1/session/unlock", { body: { pin: 1357 }, cookie });
    expect(afterRevoke.status).toBe(401);
    expect(await afterRevoke.json()).toMatchObject({ code: "AUTH_NO_SESSION" });
  });

  it("grows the delay: the 4th failure asks for about 2 s", async () => {
    const cookie = await login(hub);
    await call(hub, "POST", "/api/auth/v1/session/lock", { body: {}, cookie });
    for (let i = 0; i < 3; i++) await call(hub, "POST", "/api/auth/v1/session/unlock", { body: { pin: 1 }, cookie });
    skipPinBackoff(hub.dataDir);
    await call(hub, "POST", "/api/auth/v1/session/unlock", { body: { pin: 1 }, cookie });
    const delayed = await call(hub, "POST", "/api/auth/v1/session/unlock", { body: { pin: 1 }, cookie });
    const body = await jsonOf(delayed, Delay);
    expect(body.retryAfterMs).toBeGreaterThan(1000);
    expect(body.retryAfterMs).toBeLessThanOrEqual(2000);
  });
});

describe("sessions", () => {
  it("lists the user's sessions with the current one marked", async () => {
    const first = await login(hub, "demo", "demo", "Tablet w kuchni");
    await login(hub, "demo", "demo", "Telefon");
    const response = await call(hub, "GET", "/api/auth/v1/session/all", { cookie: first });
    const { items } = await jsonOf(response, SessionListSchema);
    expect(items.map((s) => s.sessionName).sort()).toEqual(["Tablet w kuchni", "Telefon"]);
    expect(items.find((s) => s.current)?.sessionName).toBe("Tablet w kuchni");
    expect(items.every((s) => s.locked === false && !Number.isNaN(Date.parse(s.createdAt)))).toBe(true);
  });

  it("DELETE /session without a hash logs the current session out and clears the cookie", async () => {
    const cookie = await login(hub);
    const response = await call(hub, "DELETE", "/api/auth/v1/session", { body: {}, cookie });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join("\n")).toMatch(/hub_session=;/);
    expect((await call(hub, "POST", "/api/auth/v1/session/validate", { body: {}, cookie })).status).toBe(401);
  });

  it("DELETE /session with a hash revokes that session only", async () => {
    const kept = await login(hub, "demo", "demo", "kiosk");
    const other = await login(hub, "demo", "demo", "phone");
    const list = await jsonOf(await call(hub, "GET", "/api/auth/v1/session/all", { cookie: kept }), SessionListSchema);
    const phone = list.items.find((s) => s.sessionName === "phone");
    const response = await call(hub, "DELETE", "/api/auth/v1/session", { body: { hash: phone?.hash }, cookie: kept });
    expect(await response.json()).toEqual({ item: { revoked: phone?.hash } });
    expect((await call(hub, "POST", "/api/auth/v1/session/validate", { body: {}, cookie: other })).status).toBe(401);
    expect((await call(hub, "POST", "/api/auth/v1/session/validate", { body: {}, cookie: kept })).status).toBe(200);
  });

  it("DELETE /session with an unknown hash answers NOT_FOUND", async () => {
    const cookie = await login(hub);
    const response = await call(hub, "DELETE", "/api/auth/v1/session", { body: { hash: "nope" }, cookie });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("a locked session may still log out", async () => {
    const cookie = await login(hub);
    await call(hub, "POST", "/api/auth/v1/session/lock", { body: {}, cookie });
    expect((await call(hub, "DELETE", "/api/auth/v1/session", { body: {}, cookie })).status).toBe(200);
  });
});
