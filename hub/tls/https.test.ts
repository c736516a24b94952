import { X509Certificate } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { hostname, networkInterfaces } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIG_PATH } from "../../contract/config";
import { connectMqtt, login, sessionCookieOf, startTestHub, type TestHub } from "../testing/harness";
import { httpsRequest, peerCertificate } from "../testing/https";
import { isRedirectExempt } from "./redirect";

/** A plain HTTP request to the hub on 127.0.0.1 with the given Host header (fetch would replace it). */
function plainRequest(
  port: number,
  path: string,
  host: string,
  method = "GET",
): Promise<{ status: number; headers: { get(name: string): string | undefined }; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers: { host }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: { get: (name) => response.headers[name] as string | undefined },
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** One spelling per IP address (the URL parser compresses and lower-cases IPv6). */
const canonicalIp = (ip: string) => (ip.includes(":") ? new URL(`http://[${ip}]/`).hostname : ip);

describe("HTTPS with the hub's own CA", () => {
  let hub: TestHub;
  let ca: string;
  let httpsPort: number;

  beforeAll(async () => {
    hub = await startTestHub({ tls: { mode: "local", extraNames: ["hub.lan", "10.9.8.7", "fd00::20"] }, httpsPort: 0 });
    ca = readFileSync(join(hub.dataDir, "tls", "ca.crt"), "utf8");
    httpsPort = hub.httpsPort ?? 0;
  });
  afterAll(async () => hub.cleanup());

  it("keeps the CA key readable by the hub's user only, and hands the CA to the onboarding page", () => {
    expect(statSync(join(hub.dataDir, "tls", "ca.key")).mode & 0o777).toBe(0o600);
    expect(hub.certificates?.caCertificatePem()).toBe(ca);
  });

  it("serves the dashboard's API over HTTPS to a client that trusts only the CA, under every name the hub answers to", async () => {
    const names = ["hub.lan", "localhost", hostname().toLowerCase(), `${hostname().toLowerCase().split(".")[0]}.local`];
    for (const name of names) {
      const answer = await httpsRequest(httpsPort, name, "/healthz", ca);
      expect(answer.status, name).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ status: "ok" });
    }
  });

  it("names every LAN address, loopback and HUB_TLS_NAMES in the certificate", async () => {
    const certificate = await peerCertificate(httpsPort, "hub.lan");
    const san = certificate.subjectaltname ?? "";
    const lan = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .filter((entry) => !entry.internal);
    for (const expected of [
      "DNS:hub.lan",
      "DNS:localhost",
      `DNS:${hostname().toLowerCase()}`,
      "IP Address:127.0.0.1",
      "IP Address:0:0:0:0:0:0:0:1",
      "IP Address:10.9.8.7",
    ])
      expect(san).toContain(expected);
    const ips = new Set(
      san
        .split(", ")
        .filter((item) => item.startsWith("IP Address:"))
        .map((item) => canonicalIp(item.slice("IP Address:".length))),
    );
    for (const entry of lan) expect(ips, entry.address).toContain(canonicalIp(entry.address.split("%")[0] ?? ""));
    expect(Date.parse(certificate.valid_to) - Date.now()).toBeLessThanOrEqual(398 * 24 * 3600 * 1000);
  });

  it("signs a tablet in over HTTPS with a Secure cookie and hands it wss://<host>:<https port>/mqtt, and the live channel opens there", async () => {
    const answer = await httpsRequest(httpsPort, "hub.lan", "/api/auth/v1/auth", ca, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: "demo", password: "demo", sessionName: "wall tablet" }),
    });
    expect(answer.status).toBe(200);
    const setCookie = ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
    const session = setCookie.find((line) => line.startsWith("hub_session="));
    expect(session).toMatch(/;\s*Secure/i);
    const cookie = sessionCookieOf(
      new Response(null, { headers: setCookie.map((line) => ["set-cookie", line] as [string, string]) }),
    );
    expect(cookie).toBeDefined();
    const config = await httpsRequest(httpsPort, "hub.lan", `/api/v2${CONFIG_PATH}`, ca, {
      headers: { cookie: cookie ?? "" },
    });
    expect(config.status).toBe(200);
    const url = (JSON.parse(config.body) as { item: { mqttConnectionString: string } }).item.mqttConnectionString;
    expect(url).toBe(`wss://hub.lan:${httpsPort}/mqtt`);
    const client = await connectMqtt(`wss://127.0.0.1:${httpsPort}/mqtt`, {
      wsOptions: { headers: { cookie: cookie ?? "", host: `hub.lan:${httpsPort}` }, ca },
    });
    try {
      expect(client.connected).toBe(true);
    } finally {
      client.end(true);
    }
  });

  it("redirects plain HTTP for every name the certificate carries (not localhost) to the same path on HTTPS, keeping onboarding and health on HTTP", async () => {
    const plain = (path: string, host: string, method = "GET") => plainRequest(hub.port, path, host, method);
    const redirected = await plain("/ustawienia?tab=1", `hub.lan:${hub.port}`);
    expect(redirected.status).toBe(308);
    expect(redirected.headers.get("location")).toBe(`https://hub.lan:${httpsPort}/ustawienia?tab=1`);
    const post = await plain("/api/auth/v1/auth", "10.9.8.7:8080", "POST");
    expect(post.status).toBe(308);
    expect(post.headers.get("location")).toBe(`https://10.9.8.7:${httpsPort}/api/auth/v1/auth`);
    // A name or address the certificate does not carry stays on HTTP: a redirect would end on a certificate error.
    for (const host of ["192.168.1.20:8080", "other.example:8080"])
      expect((await plain("/healthz", host)).status, host).toBe(200);
    expect((await plain("/cameras", "other.example:8080")).status).not.toBe(308);
    const v6 = await plain("/", "[fd00::20]:8080");
    expect(v6.headers.get("location")).toBe(`https://[fd00::20]:${httpsPort}/`);
    for (const host of ["localhost:8080", "127.0.0.1", "[::1]:8080"]) {
      expect((await plain("/healthz", host)).status, host).toBe(200);
      expect((await plain(`/api/v2${CONFIG_PATH}`, host)).status, host).toBe(401);
    }
    expect((await plain("/healthz", "hub.lan:8080")).status).toBe(200);
    for (const path of ["/ca", "/ca.crt", "/ca.pem", "/ca/ios.mobileconfig"]) {
      expect(isRedirectExempt(path)).toBe(true);
      expect((await plain(path, "hub.lan:8080")).status, path).not.toBe(308);
    }
    for (const path of ["/cameras", "/caution", "/api/ca"])
      expect((await plain(path, "hub.lan:8080")).status, path).toBe(308);
    expect((await plain("/", "evil host")).status).toBe(400);
  });

  it("serves the onboarding page and the hub's own CA over plain HTTP by a LAN name, the page naming the CA's fingerprint and the HTTPS address", async () => {
    const port = Number(new URL(hub.url).port);
    const page = await plainRequest(port, "/ca", `hub.lan:${String(port)}`);
    expect(page.status).toBe(200);
    const html = page.body.toString("utf8");
    const fingerprint = new X509Certificate(ca).fingerprint256;
    expect(html).toContain("Zaufaj hubowi");
    expect(html).toContain(fingerprint);
    expect(html).toContain(`https://hub.lan:${String(httpsPort)}/`);
    const der = await plainRequest(port, "/ca.crt", `hub.lan:${String(port)}`);
    expect(der.status).toBe(200);
    expect(der.headers.get("content-type")).toContain("application/x-x509-ca-cert");
    expect(new X509Certificate(der.body).fingerprint256).toBe(fingerprint);
  });

  it("tells a tablet that opened the onboarding page by a name the certificate lacks to use another or add it to HUB_TLS_NAMES, with no HTTPS link to it", async () => {
    const port = Number(new URL(hub.url).port);
    const html = (await plainRequest(port, "/ca", `router-name.example:${String(port)}`)).body.toString("utf8");
    expect(html).toContain("Certyfikat huba nie zawiera nazwy <b>router-name.example</b>");
    expect(html).toContain("HUB_TLS_NAMES");
    expect(html).not.toContain("https://router-name.example");
    expect(html).not.toContain('class="qr"');
  });

  it("keeps plain HTTP on localhost working as before (demo on http://localhost:8080)", async () => {
    const cookie = await login(hub);
    expect(cookie).toMatch(/^hub_session=/);
  });
});

describe("HUB_TLS=off", () => {
  it("serves no HTTPS and redirects nothing, as behind a household's own reverse proxy", async () => {
    const hub = await startTestHub({ tls: { mode: "off" }, httpsPort: 0 });
    try {
      expect(hub.httpsUrl).toBeNull();
      expect(hub.certificates).toBeNull();
      const answer = await plainRequest(hub.port, `/api/v2${CONFIG_PATH}`, "hub.lan:8080");
      expect(answer.status).toBe(401);
    } finally {
      await hub.cleanup();
    }
  });
});
