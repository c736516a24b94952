import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { installErrorHandlers } from "../http/errors";
import { installSecurityHeaders } from "../http/security";
import { tempDir } from "../testing/harness";
import { registerOnboarding } from "./onboarding";

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer; text: string };

/** A GET over real HTTP with a chosen Host header (fetch would not let the test pick it). */
function get(port: number, path: string, host = `hub.lan:${port}`): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path, method: "GET", headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text: body.toString("utf8") });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

let dir = "";
let caPem = "";
let opensslFingerprint = "";
beforeAll(() => {
  dir = tempDir("hub-onboarding-");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-keyout",
      join(dir, "ca.key"),
      "-out",
      join(dir, "ca.pem"),
      "-days",
      "30",
      "-subj",
      "/CN=Hub domowy CA",
      "-addext",
      "basicConstraints=critical,CA:TRUE",
    ],
    { stdio: "pipe" },
  );
  caPem = readFileSync(join(dir, "ca.pem"), "utf8");
  const line = execFileSync("openssl", ["x509", "-in", join(dir, "ca.pem"), "-noout", "-fingerprint", "-sha256"], {
    encoding: "utf8",
  });
  opensslFingerprint = line.trim().split("=")[1] ?? "";
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A real Fastify server with the hub's security headers and error envelope, and the onboarding routes. */
async function serve(pem: string | null, httpsPort: number | null = 8443): Promise<number> {
  app = Fastify();
  installSecurityHeaders(app);
  installErrorHandlers(app, (_request, reply) => reply.code(404).send("not found"));
  await registerOnboarding(app, { caPem: () => pem, httpsPort: () => httpsPort });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return typeof address === "object" && address ? address.port : 0;
}

describe("GET /ca.crt", () => {
  it("serves the CA as DER for Android, iOS and Windows, as an attachment", async () => {
    const port = await serve(caPem);
    const answer = await get(port, "/ca.crt");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/x-x509-ca-cert");
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="hub-ca.crt"');
    const certificate = new X509Certificate(answer.body);
    expect(certificate.fingerprint256).toBe(opensslFingerprint);
    expect(certificate.ca).toBe(true);
  });

  it("serves PEM with ?format=pem", async () => {
    const port = await serve(caPem);
    const answer = await get(port, "/ca.crt?format=pem");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/x-pem-file");
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="hub-ca.pem"');
    expect(answer.text).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
    expect(new X509Certificate(answer.text).fingerprint256).toBe(opensslFingerprint);
  });

  it("answers 404 NOT_FOUND with a clear message when the hub has no CA (HUB_TLS=off)", async () => {
    const port = await serve(null);
    for (const path of ["/ca.crt", "/ca.crt?format=pem", "/ca.mobileconfig"]) {
      const answer = await get(port, path);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toEqual({ code: "NOT_FOUND", message: expect.stringContaining("HUB_TLS=off") });
    }
  });
});

describe("GET /ca", () => {
  it("shows 'Zaufaj hubowi' with the fingerprint openssl computes, the downloads and the steps for every platform", async () => {
    const port = await serve(caPem);
    const answer = await get(port, "/ca");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = answer.text;
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("<title>Zaufaj hubowi</title>");
    expect(html).toContain(`<p class="fingerprint" data-testid="ca-fingerprint">${opensslFingerprint}</p>`);
    expect(html).toContain('href="/ca.crt"');
    expect(html).toContain('href="/ca.mobileconfig"');
    for (const heading of ["Android", "iPhone i iPad (iOS, iPadOS)", "Windows", "macOS", "Fully Kiosk Browser"]) {
      expect(html).toContain(`>${heading}</h2>`);
    }
    expect(html).toContain("Ustawienia zaufania certyfikatów");
    expect(html).toContain("Zaufane główne urzędy certyfikacji");
    expect(html).toContain("Zawsze ufaj");
  });

  it("shows the HTTPS address of the host the phone used, and its QR code as an SVG image with alt text", async () => {
    const port = await serve(caPem, 8443);
    const html = (await get(port, "/ca", "192.168.1.20:8080")).text;
    expect(html).toContain('<a href="https://192.168.1.20:8443/">https://192.168.1.20:8443/</a>');
    const qr = /<img class="qr" src="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)" alt="([^"]+)"/.exec(html);
    expect(qr?.[2]).toBe("Kod QR z adresem https://192.168.1.20:8443/");
    const svg = Buffer.from(qr?.[1] ?? "", "base64").toString("utf8");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain("<path");
  });

  it("keeps to the hub's CSP: no script, no inline style, only its own stylesheet", async () => {
    const port = await serve(caPem);
    const answer = await get(port, "/ca");
    expect(answer.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(answer.text).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(answer.text).toContain('<link rel="stylesheet" href="/ca.css">');
    const css = await get(port, "/ca.css");
    expect(css.status).toBe(200);
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(css.text).toContain(".fingerprint");
  });

  it("does not reflect a hostile Host header: placeholder address, no QR code, nothing unescaped", async () => {
    const port = await serve(caPem);
    for (const host of [
      '"><script>alert(1)</script>',
      "hub.lan:8080/<img src=x onerror=alert(1)>",
      "a b",
      "user@hub.lan",
    ]) {
      const answer = await get(port, "/ca", host);
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain("<script");
      expect(answer.text).not.toContain("onerror");
      expect(answer.text).not.toContain('class="qr"');
      expect(answer.text).toContain("https://&lt;adres huba&gt;:8443/");
    }
  });

  it("says the hub has no CA, with 404, when HUB_TLS=off", async () => {
    const port = await serve(null);
    const answer = await get(port, "/ca");
    expect(answer.status).toBe(404);
    expect(answer.text).toContain("<h1>Zaufaj hubowi</h1>");
    expect(answer.text).toContain("nie ma własnego urzędu certyfikacji (HUB_TLS=off albo certyfikat HUB_TLS_CERT)");
    expect(answer.text).not.toContain("ca-fingerprint");
  });
});

describe("GET /ca.mobileconfig", () => {
  it("is a property list with a com.apple.security.root payload holding the CA's DER", async () => {
    const port = await serve(caPem);
    const answer = await get(port, "/ca.mobileconfig");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/x-apple-aspen-config");
    // Python's plistlib is a real property-list parser: it rejects anything Apple's format does not allow.
    const parsed = JSON.parse(
      execFileSync(
        "python3",
        [
          "-c",
          [
            "import json, plistlib, sys, base64",
            "p = plistlib.loads(sys.stdin.buffer.read())",
            "c = p['PayloadContent'][0]",
            "print(json.dumps({'type': p['PayloadType'], 'inner': c['PayloadType'], 'der': base64.b64encode(c['PayloadContent']).decode(), 'uuid': c['PayloadUUID']}))",
          ].join("\n"),
        ],
        { input: answer.body, encoding: "utf8" },
      ),
    ) as { type: string; inner: string; der: string; uuid: string };
    expect(parsed.type).toBe("Configuration");
    expect(parsed.inner).toBe("com.apple.security.root");
    expect(parsed.der).toBe(new X509Certificate(caPem).raw.toString("base64"));
    expect(parsed.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-8[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    // The same CA gives the same profile, so installing it again replaces it on the device.
    expect((await get(port, "/ca.mobileconfig")).text).toBe(answer.text);
  });
});
