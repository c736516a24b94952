import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as v from "valibot";
import { ErrorCodeSchema } from "../../contract/errors";
import { login, startTestHub, type TestHub } from "../testing/harness";

// Body echoed in errors (docs/security.md): a 400 on /auth must not echo the body, password
// included (valibot's messages end with `but received "<value>"`). Error messages name the field and the rule only.

let hub: TestHub;
beforeEach(async () => {
  hub = await startTestHub();
});
afterEach(async () => {
  await hub.cleanup();
});

const SECRET = "Tajne-Hasło-42";
const SECRET_NUMBER = 987654321;
/** The contract's error body, with its message required (every error of the hub has one). */
const ErrorBody = v.object({ code: ErrorCodeSchema, message: v.string() });

/** Sends `text` as the body and answers status, the full response text and its headers. */
async function send(
  method: string,
  path: string,
  text: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; all: string; body: v.InferOutput<typeof ErrorBody> }> {
  const response = await fetch(`${hub.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: text,
  });
  const raw = await response.text();
  const lines: string[] = [];
  response.headers.forEach((value, key) => lines.push(`${key}: ${value}`));
  const all = `${raw}\n${lines.join("\n")}`;
  return { status: response.status, all, body: v.parse(ErrorBody, JSON.parse(raw)) };
}

describe("no error repeats what the client sent", () => {
  it("a bad /auth body carrying a password answers 400 without the password anywhere in the response", async () => {
    const bodies = [
      JSON.stringify(SECRET), // the whole body a string: valibot said `Expected Object but received "<password>"`
      JSON.stringify({ login: "demo", password: SECRET_NUMBER, sessionName: "x" }),
      JSON.stringify({ login: "demo", password: SECRET, sessionName: "" }),
      JSON.stringify({ login: "demo", password: SECRET.repeat(20), sessionName: "x" }),
      JSON.stringify({ login: SECRET, password: SECRET, sessionName: 7 }),
      JSON.stringify({ login: [SECRET], password: SECRET, sessionName: "x" }),
      JSON.stringify([SECRET]),
      `{"login":"demo","password":"${SECRET}","sessionName":`, // not JSON: V8's message quotes the text
      `{"login":"demo","password":"${SECRET}","__proto__":{"x":1}}`,
      `{"login":"demo","password":"${SECRET}","sessionName":${"[".repeat(100)}]`,
    ];
    for (const text of bodies) {
      const { status, all, body } = await send("POST", "/api/auth/v1/auth", text);
      expect(status, text).toBe(400);
      expect(body.code).toBe("BAD_REQUEST");
      expect(all, text).not.toContain(SECRET);
      expect(all, text).not.toContain(String(SECRET_NUMBER));
    }
  });

  it("the message still names the field and the rule", async () => {
    expect(
      (
        await send(
          "POST",
          "/api/auth/v1/auth",
          JSON.stringify({ login: "demo", password: SECRET_NUMBER, sessionName: "x" }),
        )
      ).body.message,
    ).toBe("password: expected string");
    expect(
      (
        await send(
          "POST",
          "/api/auth/v1/auth",
          JSON.stringify({ login: "demo", password: SECRET.repeat(20), sessionName: "x" }),
        )
      ).body.message,
    ).toBe("password: max_length <=200");
    expect((await send("POST", "/api/auth/v1/auth", JSON.stringify(SECRET))).body.message).toBe(
      "body: expected Object",
    );
    expect((await send("POST", "/api/auth/v1/auth", "{nope")).body.message).toMatch(/^body: not valid JSON/);
  });

  it("a refused unknown key, a bad enum value or a bad PIN is not repeated either", async () => {
    const cookie = await login(hub);
    const cases: [string, string, string][] = [
      ["PATCH", "/api/auth/v1/preferences", JSON.stringify({ preferences: { [SECRET]: true } })],
      ["PATCH", "/api/auth/v1/preferences", JSON.stringify({ preferences: { appUi: SECRET } })],
      ["PATCH", "/api/auth/v1/settings", JSON.stringify({ key: SECRET, value: 1 })],
      [
        "PATCH",
        "/api/auth/v1/settings",
        JSON.stringify({ key: "tempWatchdog", value: 1, idsToRemove: [{ [SECRET]: SECRET }] }),
      ],
      ["DELETE", "/api/auth/v1/session", JSON.stringify({ hash: SECRET.repeat(10) })],
    ];
    for (const [method, path, text] of cases) {
      const { status, all } = await send(method, path, text, { cookie });
      expect(status, text).toBe(400);
      expect(all, text).not.toContain(SECRET);
    }
    expect((await fetch(`${hub.url}/api/auth/v1/session/lock`, { method: "POST", headers: { cookie } })).status).toBe(
      200,
    );
    const pin = await send("POST", "/api/auth/v1/session/unlock", JSON.stringify({ pin: String(SECRET_NUMBER) }), {
      cookie,
    });
    expect(pin.status).toBe(400);
    expect(pin.all).not.toContain(String(SECRET_NUMBER));
  });

  it("a body of the wrong type or too large is refused without quoting it", async () => {
    const plain = await send("POST", "/api/auth/v1/auth", `login=demo&password=${SECRET}`, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(plain.status).toBe(415);
    expect(plain.all).not.toContain(SECRET);
    const large = await send(
      "POST",
      "/api/auth/v1/auth",
      JSON.stringify({ login: "demo", password: SECRET.repeat(20_000), sessionName: "x" }),
    );
    expect(large.status).toBe(413);
    expect(large.all).not.toContain(SECRET);
  });

  it("an unknown or undecodable API path answers the JSON envelope without repeating the path", async () => {
    const cookie = await login(hub);
    for (const path of [
      `/api/v2/config/${SECRET_NUMBER}`,
      `/api/cameras/v1/%E0%A4%A${SECRET_NUMBER}`,
      `/api/v2/%E0%A4%A${SECRET_NUMBER}`,
    ]) {
      const response = await fetch(`${hub.url}${path}`, { headers: { cookie } });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      const text = await response.text();
      expect(v.parse(ErrorBody, JSON.parse(text)).code, path).toMatch(/^(NOT_FOUND|BAD_REQUEST)$/);
      expect(text, path).not.toContain(String(SECRET_NUMBER));
    }
  });
});
