// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../lib/api/client";
import { sendJson, startTestServer, type TestHandler, type TestServer } from "../../lib/api/testServer";
import { sessionAfterErrorCode, validateOnLoad } from "./session";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(handler: TestHandler) {
  server = await startTestServer(handler);
  return createApiClient({ baseUrl: `${server.url}/api/auth/v1`, retryDelayMs: 10 });
}

describe("validateOnLoad against a real server (spec §4, §8)", () => {
  it("logs in with the login the hub confirms, posting an empty body to /session/validate", async () => {
    const auth = await clientFor((_req, res) => sendJson(res, 200, { item: { login: "demo" } }));
    expect(await validateOnLoad(auth)).toEqual({ status: "loggedIn", login: "demo" });
    expect(server?.requests[0]).toMatchObject({ method: "POST", url: "/api/auth/v1/session/validate", body: "{}" });
  });

  it("shows the lock screen on AUTH_SESSION_LOCKED", async () => {
    const auth = await clientFor((_req, res) => sendJson(res, 403, { code: "AUTH_SESSION_LOCKED", message: "locked" }));
    expect(await validateOnLoad(auth)).toEqual({ status: "locked" });
  });

  it("shows the login form silently on a 401", async () => {
    const auth = await clientFor((_req, res) => sendJson(res, 401, { code: "AUTH_NO_SESSION", message: "no session" }));
    expect(await validateOnLoad(auth)).toEqual({ status: "loggedOut" });
  });

  it("reports any other status with its code and text ('Autologowanie nieudane')", async () => {
    const auth = await clientFor((_req, res) => sendJson(res, 500, { code: "INTERNAL", message: "boom" }));
    expect(await validateOnLoad(auth)).toEqual({
      status: "error",
      httpStatus: 500,
      statusText: "Internal Server Error",
    });
  });

  it("reports an answer without a login as an error, not a login", async () => {
    const auth = await clientFor((_req, res) => sendJson(res, 200, { item: {} }));
    const state = await validateOnLoad(auth);
    expect(state.status).toBe("error");
  });

  it("reports an unreachable hub as an error, or keeps a known user in the app offline (DESIGN §5)", async () => {
    const dead = await startTestServer(() => undefined);
    await dead.close();
    const auth = createApiClient({ baseUrl: dead.url, retry: 0 });
    const state = await validateOnLoad(auth);
    expect(state.status).toBe("error");
    expect(state.status === "error" ? state.httpStatus : "n/a").toBeUndefined();
    expect(await validateOnLoad(auth, { knownLogin: "demo" })).toEqual({
      status: "loggedIn",
      login: "demo",
      offline: true,
    });
  });
});

describe("sessionAfterErrorCode (spec §4: any AUTH_SESSION_LOCKED from a main API locks)", () => {
  const loggedIn = { status: "loggedIn", login: "demo" } as const;

  it("locks a logged-in session", () => {
    expect(sessionAfterErrorCode(loggedIn, "AUTH_SESSION_LOCKED")).toEqual({ status: "locked" });
  });

  it("logs out on a revoked or missing session", () => {
    expect(sessionAfterErrorCode(loggedIn, "AUTH_SESSION_REVOKED")).toEqual({ status: "loggedOut" });
    expect(sessionAfterErrorCode(loggedIn, "AUTH_NO_SESSION")).toEqual({ status: "loggedOut" });
  });

  it("leaves the state alone for other codes and when not logged in", () => {
    expect(sessionAfterErrorCode(loggedIn, "NOT_FOUND")).toBe(loggedIn);
    const locked = { status: "locked" } as const;
    expect(sessionAfterErrorCode(locked, "AUTH_NO_SESSION")).toBe(locked);
  });
});
