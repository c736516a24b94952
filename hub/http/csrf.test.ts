import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  call,
  jsonOf,
  login,
  sessionCookieOf,
  startTestHub,
  upgradeStatus as upgradeStatusOf,
  type TestHub,
} from "../testing/harness";
import * as v from "valibot";
import { ErrorCodeSchema } from "../../contract/errors";
import { PreferencesAnswerSchema } from "../../contract/preferences";

// CSRF (docs/security.md): a page on another port of the same host (same-site, so SameSite=Strict
// does not help) must not lock the victim's session with a `text/plain` POST nor open /mqtt with the
// victim's cookie. Every state-changing call takes JSON only and refuses a foreign Origin; /mqtt
// refuses a foreign Origin before upgrading.

let hub: TestHub;
let own: string;
/** The status of a WebSocket upgrade of this hub's /mqtt with `headers`. */
const upgradeStatus = (headers: Record<string, string>) =>
  upgradeStatusOf(`${own.replace("http://", "ws://")}/mqtt`, headers);
/** The attacker's page: same host, another port. */
let attacker: string;

beforeEach(async () => {
  hub = await startTestHub();
  own = hub.url.replace("localhost", "127.0.0.1");
  attacker = `http://127.0.0.1:${hub.port === 65535 ? 65534 : hub.port + 1}`;
});
afterEach(async () => {
  await hub.cleanup();
});

/** The contract's error body, with its message required (every error of the hub has one). */
const ErrorBody = v.object({ code: ErrorCodeSchema, message: v.string() });

/** A request with exactly these headers and body (fetch adds no Origin by itself). */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Response> {
  return fetch(`${own}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
}

/** True when the session behind `cookie` is valid and not locked. */
async function unlocked(cookie: string): Promise<boolean> {
  return (await call(hub, "POST", "/api/auth/v1/session/validate", { cookie, body: {} })).status === 200;
}

describe("state-changing calls from another origin or site", () => {
  it("refuses the attack: a cross-origin text/plain POST /session/lock answers 403 FORBIDDEN_ORIGIN and the session stays unlocked", async () => {
    const cookie = await login(hub);
    const response = await raw(
      "POST",
      "/api/auth/v1/session/lock",
      { cookie, origin: attacker, "content-type": "text/plain;charset=UTF-8" },
      "x",
    );
    expect(response.status).toBe(403);
    expect(await jsonOf(response, ErrorBody)).toMatchObject({ code: "FORBIDDEN_ORIGIN" });
    expect(await unlocked(cookie)).toBe(true);
  });

  it("refuses a cross-origin call even with JSON or with no body at all (a no-cors fetch), on every method", async () => {
    const cookie = await login(hub);
    const attempts: [string, string, Record<string, string>, string | undefined][] = [
      ["POST", "/api/auth/v1/session/lock", { "content-type": "application/json" }, "{}"],
      ["POST", "/api/auth/v1/session/lock", {}, undefined],
      ["PATCH", "/api/auth/v1/preferences", { "content-type": "application/json" }, '{"preferences":{"appUi":"car"}}'],
      ["PATCH", "/api/auth/v1/settings", { "content-type": "application/json" }, '{"key":"garageLight","value":true}'],
      ["DELETE", "/api/auth/v1/session", { "content-type": "application/json" }, "{}"],
      ["PUT", "/api/v2/config", { "content-type": "application/json" }, "{}"],
      ["POST", "/api/garage/v1/garage/open", {}, undefined],
    ];
    for (const [method, path, headers, body] of attempts) {
      const response = await raw(method, path, { cookie, origin: attacker, ...headers }, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect((await jsonOf(response, ErrorBody)).code).toBe("FORBIDDEN_ORIGIN");
    }
    expect(await unlocked(cookie)).toBe(true);
    const preferences = await jsonOf(
      await call(hub, "GET", "/api/auth/v1/preferences", { cookie }),
      PreferencesAnswerSchema,
    );
    expect(preferences.item.appUi).toBe("standard");
  });

  it("refuses a cross-origin login (no session cookie is set for the attacker's account)", async () => {
    const response = await raw(
      "POST",
      "/api/auth/v1/auth",
      { origin: attacker, "content-type": "application/json" },
      JSON.stringify({ login: "demo", password: "demo", sessionName: "x" }),
    );
    expect(response.status).toBe(403);
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it("refuses Origin: null, an Origin that is not a URL, another scheme or host, and Sec-Fetch-Site cross-site or same-site", async () => {
    const cookie = await login(hub);
    const foreign: Record<string, string>[] = [
      { origin: "null" },
      { origin: "not a url" },
      { origin: own.replace("http://", "https://") },
      { origin: own.replace("127.0.0.1", "localhost") },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "cross-site" },
      { origin: own, "sec-fetch-site": "same-site" },
    ];
    for (const headers of foreign) {
      const response = await raw(
        "POST",
        "/api/auth/v1/session/lock",
        { cookie, "content-type": "application/json", ...headers },
        "{}",
      );
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await unlocked(cookie)).toBe(true);
  });
});

describe("bodies other than JSON", () => {
  it("refuses text/plain, form and multipart bodies with 415 UNSUPPORTED_MEDIA_TYPE, even from the hub's own origin", async () => {
    const cookie = await login(hub);
    for (const type of [
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonx",
    ]) {
      const response = await raw(
        "POST",
        "/api/auth/v1/session/lock",
        { cookie, origin: own, "content-type": type },
        "{}",
      );
      expect(response.status, type).toBe(415);
      expect((await jsonOf(response, ErrorBody)).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
    expect(await unlocked(cookie)).toBe(true);
  });

  it("refuses a body without a Content-Type", async () => {
    const cookie = await login(hub);
    const response = await fetch(`${own}/api/auth/v1/session/lock`, {
      method: "POST",
      headers: { cookie },
      body: new Uint8Array([123, 125]),
    });
    expect(response.status).toBe(415);
    expect(await unlocked(cookie)).toBe(true);
  });
});

describe("the dashboard's own calls", () => {
  it("work from the hub's own origin with JSON, as the dashboard's ky client sends them", async () => {
    const headers = { origin: own, "sec-fetch-site": "same-origin", "content-type": "application/json" };
    const loginAnswer = await raw(
      "POST",
      "/api/auth/v1/auth",
      headers,
      JSON.stringify({ login: "demo", password: "demo", sessionName: "Tablet" }),
    );
    expect(loginAnswer.status).toBe(200);
    const cookie = sessionCookieOf(loginAnswer) ?? "";
    const withCookie = { ...headers, cookie };
    expect((await raw("POST", "/api/auth/v1/session/validate", withCookie, "{}")).status).toBe(200);
    expect(
      (await raw("PATCH", "/api/auth/v1/preferences", withCookie, '{"preferences":{"alerts":false}}')).status,
    ).toBe(200);
    expect(
      (
        await raw(
          "PATCH",
          "/api/auth/v1/settings",
          { ...withCookie, "content-type": "application/json; charset=utf-8" },
          '{"key":"garageLight","value":"lampa_salon"}',
        )
      ).status,
    ).toBe(200);
    expect((await raw("POST", "/api/auth/v1/session/lock", withCookie, "{}")).status).toBe(200);
    const unlock = await raw("POST", "/api/auth/v1/session/unlock", withCookie, '{"pin":1357}');
    expect(unlock.status).toBe(200);
    const fresh = { ...withCookie, cookie: sessionCookieOf(unlock) ?? "" };
    expect((await raw("DELETE", "/api/auth/v1/session", fresh, "{}")).status).toBe(200);
  });

  it("accept an empty-body call with no body and no content type (spec §7), and an empty JSON body", async () => {
    const cookie = await login(hub);
    expect((await raw("POST", "/api/auth/v1/session/validate", { cookie })).status).toBe(200);
    expect(
      (await raw("POST", "/api/auth/v1/session/validate", { cookie, "content-type": "application/json" })).status,
    ).toBe(200);
    expect((await raw("POST", "/api/auth/v1/session/lock", { cookie, origin: own })).status).toBe(200);
  });

  it("GETs are not checked: a link from another site still opens the API and the pages", async () => {
    const cookie = await login(hub);
    expect(
      (await raw("GET", "/api/v2/config", { cookie, origin: attacker, "sec-fetch-site": "cross-site" })).status,
    ).toBe(200);
  });
});

describe("/mqtt WebSocket upgrade", () => {
  it("refuses the attack: a cross-origin upgrade carrying the victim's cookie answers 403 before upgrading", async () => {
    const cookie = await login(hub);
    expect(await upgradeStatus({ cookie, origin: attacker })).toBe(403);
    expect(await upgradeStatus({ cookie, origin: "null" })).toBe(403);
    expect(await upgradeStatus({ cookie, origin: own, "sec-fetch-site": "same-site" })).toBe(403);
  });

  it("upgrades from the hub's own origin, and without an Origin (non-browser clients)", async () => {
    const cookie = await login(hub);
    expect(await upgradeStatus({ cookie, origin: own })).toBe(101);
    expect(await upgradeStatus({ cookie })).toBe(101);
  });
});
