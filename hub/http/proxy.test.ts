import { ConfigAnswerSchema } from "../../contract/config";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../config";
import { call, jsonOf, login, startTestHub, type TestHub } from "../testing/harness";

// Forged forwarded headers (docs/security.md): X-Forwarded-Host and X-Forwarded-Proto count only
// from proxies listed in HUB_TRUST_PROXY, so GET /config never hands out a forged `wss://` URL.

let hub: TestHub | undefined;
afterEach(async () => {
  await hub?.cleanup();
  hub = undefined;
});

const ConfigAnswer = ConfigAnswerSchema;
const forged = {
  "x-forwarded-host": "evil.example:1883",
  "x-forwarded-proto": "https",
  "x-forwarded-for": "203.0.113.9",
};

async function mqttUrl(target: TestHub, cookie: string, headers: Record<string, string>): Promise<string> {
  return (await jsonOf(await call(target, "GET", "/api/v2/config", { cookie, headers }), ConfigAnswer)).item
    .mqttConnectionString;
}

describe("X-Forwarded-* from an untrusted client", () => {
  it("is ignored without HUB_TRUST_PROXY: /config hands out the Host the client used, the cookie is not Secure", async () => {
    hub = await startTestHub();
    const cookie = await login(hub);
    expect(await mqttUrl(hub, cookie, forged)).toBe(`ws://127.0.0.1:${hub.port}/mqtt`);
    const loginAnswer = await call(hub, "POST", "/api/auth/v1/auth", {
      body: { login: "demo", password: "demo", sessionName: "x" },
      headers: forged,
    });
    expect(loginAnswer.headers.getSetCookie().join("\n")).not.toContain("Secure");
  });

  it("is ignored from an address that is not in HUB_TRUST_PROXY", async () => {
    hub = await startTestHub({ trustProxy: ["10.0.0.0/8", "192.168.1.1"] });
    const cookie = await login(hub);
    expect(await mqttUrl(hub, cookie, forged)).toBe(`ws://127.0.0.1:${hub.port}/mqtt`);
  });

  it("cannot escape the per-address login limit by forging X-Forwarded-For", async () => {
    hub = await startTestHub();
    // Five different (unknown) logins, each from a 'different' forged address: the hub counts one address.
    for (let i = 0; i < 5; i++) {
      const response = await call(hub, "POST", "/api/auth/v1/auth", {
        body: { login: `nobody${i}`, password: "x", sessionName: "x" },
        headers: { "x-forwarded-for": `203.0.113.${i}` },
      });
      expect(response.status).toBe(401);
    }
    const sixth = await call(hub, "POST", "/api/auth/v1/auth", {
      body: { login: "nobody9", password: "x", sessionName: "x" },
      headers: { "x-forwarded-for": "203.0.113.99" },
    });
    expect(sixth.status).toBe(429);
  });
});

describe("X-Forwarded-* from a trusted proxy", () => {
  for (const trustProxy of [["127.0.0.1"], ["loopback"], ["127.0.0.0/8"]]) {
    it(`is used with HUB_TRUST_PROXY=${trustProxy.join(",")}: wss://<forwarded host>/mqtt and a Secure cookie`, async () => {
      hub = await startTestHub({ trustProxy });
      const cookie = await login(hub);
      expect(await mqttUrl(hub, cookie, { "x-forwarded-host": "dom.example", "x-forwarded-proto": "https" })).toBe(
        "wss://dom.example/mqtt",
      );
      const loginAnswer = await call(hub, "POST", "/api/auth/v1/auth", {
        body: { login: "demo", password: "demo", sessionName: "x" },
        headers: { "x-forwarded-proto": "https" },
      });
      expect(loginAnswer.headers.getSetCookie().join("\n")).toContain("Secure");
    });
  }

  it("makes the Origin check compare with the forwarded origin", async () => {
    hub = await startTestHub({ trustProxy: ["127.0.0.1"] });
    const cookie = await login(hub);
    const proxied = {
      cookie,
      "content-type": "application/json",
      "x-forwarded-host": "dom.example",
      "x-forwarded-proto": "https",
    };
    const foreign = await call(hub, "POST", "/api/auth/v1/session/validate", {
      headers: { ...proxied, origin: `http://127.0.0.1:${hub.port}` },
      body: {},
    });
    expect(foreign.status).toBe(403);
    const ownOrigin = await call(hub, "POST", "/api/auth/v1/session/validate", {
      headers: { ...proxied, origin: "https://dom.example" },
      body: {},
    });
    expect(ownOrigin.status).toBe(200);
  });

  it("takes the client address from X-Forwarded-For, so one client's failures do not delay another's", async () => {
    hub = await startTestHub({ trustProxy: ["127.0.0.1"] });
    for (let i = 0; i < 5; i++) {
      await call(hub, "POST", "/api/auth/v1/auth", {
        body: { login: `nobody${i}`, password: "x", sessionName: "x" },
        headers: { "x-forwarded-for": "203.0.113.1" },
      });
    }
    const sameClient = await call(hub, "POST", "/api/auth/v1/auth", {
      body: { login: "nobody8", password: "x", sessionName: "x" },
      headers: { "x-forwarded-for": "203.0.113.1" },
    });
    expect(sameClient.status).toBe(429);
    const otherClient = await call(hub, "POST", "/api/auth/v1/auth", {
      body: { login: "nobody9", password: "x", sessionName: "x" },
      headers: { "x-forwarded-for": "203.0.113.2" },
    });
    expect(otherClient.status).toBe(401);
  });
});

describe("HUB_TRUST_PROXY", () => {
  it("is unset by default: no proxy is trusted", () => {
    expect(readConfig({}).trustProxy).toBeUndefined();
    expect(readConfig({ HUB_TRUST_PROXY: "" }).trustProxy).toBeUndefined();
  });

  it("reads a comma-separated list of addresses, CIDR ranges and loopback", () => {
    expect(readConfig({ HUB_TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,loopback , fd00::/8,::1" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "loopback",
      "fd00::/8",
      "::1",
    ]);
  });

  it("refuses anything else, naming the variable", () => {
    for (const bad of ["*", "true", "1", "proxy.lan", "10.0.0.0/33", "::1/129", "10.0.0.1/8/1", "10.0.0.256", ","]) {
      expect(() => readConfig({ HUB_TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => readConfig({ HUB_TRUST_PROXY: bad }), bad).toThrow(/HUB_TRUST_PROXY/);
    }
  });
});
