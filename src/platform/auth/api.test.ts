// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../lib/api/client";
import { ApiError } from "../../lib/api/errors";
import { sendJson, startTestServer, type TestServer } from "../../lib/api/testServer";
import { listSessions, lockSession, login, logout, unlockSession } from "./api";
import { AUTH_BAD_USER_OR_PWD } from "./schemas";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
});

/** A tiny stand-in for the hub's auth routes (docs/contract.md). */
async function fakeHub(): Promise<TestServer> {
  return startTestServer((req, res, seen) => {
    const route = `${req.method} ${req.url}`;
    const body: unknown = seen.body ? JSON.parse(seen.body) : undefined;
    if (route === "POST /auth") {
      const ok = typeof body === "object" && body !== null && "password" in body && body.password === "demo";
      if (ok) sendJson(res, 200, { item: { login: "demo" } }, { "set-cookie": "hub_session=t; HttpOnly" });
      else sendJson(res, 401, { code: AUTH_BAD_USER_OR_PWD, message: "bad" });
    } else if (route === "POST /session/unlock") sendJson(res, 200, { item: { login: "demo" } });
    else if (route === "POST /session/lock") sendJson(res, 200, { item: { locked: true } });
    else if (route === "DELETE /session") sendJson(res, 200, { item: { revoked: "abc" } });
    else if (route === "GET /session/all")
      sendJson(res, 200, {
        items: [
          {
            hash: "abc",
            sessionName: "Kuchnia",
            createdAt: "2026-11-20T10:00:00.000Z",
            lastSeenAt: "2026-11-20T11:00:00.000Z",
            locked: false,
            current: true,
          },
        ],
      });
    else sendJson(res, 404, { code: "NOT_FOUND", message: route });
  });
}

describe("auth calls (spec §7)", () => {
  it("logs in with login, password and session name and returns the confirmed login", async () => {
    server = await fakeHub();
    const auth = createApiClient({ baseUrl: server.url });
    expect(await login(auth, { login: "demo", password: "demo", sessionName: "Tablet" })).toEqual({ login: "demo" });
    expect(JSON.parse(server.requests[0]?.body ?? "")).toEqual({
      login: "demo",
      password: "demo",
      sessionName: "Tablet",
    });
  });

  it("surfaces AUTH_BAD_USER_OR_PWD as the error code (spec §8)", async () => {
    server = await fakeHub();
    const failure = await login(createApiClient({ baseUrl: server.url }), {
      login: "demo",
      password: "x",
      sessionName: "T",
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: "client", status: 401, code: AUTH_BAD_USER_OR_PWD });
  });

  it("sends the PIN as a number (spec §5)", async () => {
    server = await fakeHub();
    await unlockSession(createApiClient({ baseUrl: server.url }), 1357);
    expect(server.requests[0]?.body).toBe('{"pin":1357}');
  });

  it("refuses a PIN that is not a non-negative integer without calling the hub", async () => {
    server = await fakeHub();
    await expect(unlockSession(createApiClient({ baseUrl: server.url }), Number.NaN)).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });

  it("locks, lists sessions and logs out one session by hash or the current one", async () => {
    server = await fakeHub();
    const auth = createApiClient({ baseUrl: server.url });
    await lockSession(auth);
    expect((await listSessions(auth))[0]).toMatchObject({ hash: "abc", sessionName: "Kuchnia", current: true });
    expect(await logout(auth, "abc")).toEqual({ revoked: "abc" });
    await logout(auth);
    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      "POST /session/lock {}",
      "GET /session/all ",
      'DELETE /session {"hash":"abc"}',
      "DELETE /session {}",
    ]);
  });
});
