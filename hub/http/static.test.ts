import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { precompressDir } from "../../scripts/precompress";
import { login, startTestHub, tempDir, type TestHub } from "../testing/harness";

/** A raw HTTP answer: node:http does not decode Content-Encoding, so the test sees what was sent. */
type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function rawRequest(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

/** The body as the client would read it after undoing Content-Encoding. */
function decoded(answer: RawAnswer): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(answer.body).toString("utf8");
  expect(encoding ?? "identity").toBe("identity");
  return answer.body.toString("utf8");
}

const filler = (label: string): string =>
  Array.from({ length: 120 }, (_, i) => `/* ${label} line ${i}: compressible text */`).join("\n");

const SHELL_STYLE = "\n      .boot { min-height: 100vh; background: #101418; }\n    ";
const FILES: Record<string, string> = {
  "index.html": `<!doctype html><html><head><title>Panel</title><style>${SHELL_STYLE}</style></head><body><div id="root"><p class="boot">Dom</p></div><!-- ${filler("html")} --></body></html>`,
  "sw.js": `self.addEventListener('fetch', () => {});\n${filler("sw")}`,
  "manifest.json": JSON.stringify({ name: "Dom", description: filler("manifest") }),
  "assets/index-abc123.js": `console.log(1);\n${filler("entry")}`,
  "assets/small-def456.js": "console.log('small');",
  "assets/index-abc123.js.map": JSON.stringify({
    version: 3,
    sources: ["src/secret.ts"],
    sourcesContent: [filler("secret")],
  }),
};

let hub: TestHub | undefined;
let distDir = "";
beforeEach(async () => {
  distDir = tempDir("hub-dist-");
  mkdirSync(join(distDir, "assets"));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(distDir, name), text);
  precompressDir(distDir);
  hub = await startTestHub({ distDir });
});
afterEach(async () => {
  await hub?.cleanup();
  hub = undefined;
});

const url = (path: string) => `${hub?.url ?? ""}${path}`;
const BR_AND_GZIP = "gzip, deflate, br";
const CACHE_CONTROL: Record<string, string> = {
  "/": "no-cache",
  "/cameras/live?id=zoom": "no-cache",
  "/sw.js": "no-cache",
  "/manifest.json": "no-cache",
  "/assets/index-abc123.js": "public, max-age=31536000, immutable",
};
const ORIGINAL: Record<string, string | undefined> = {
  "/": FILES["index.html"],
  "/cameras/live?id=zoom": FILES["index.html"],
  "/sw.js": FILES["sw.js"],
  "/manifest.json": FILES["manifest.json"],
  "/assets/index-abc123.js": FILES["assets/index-abc123.js"],
};

describe("static dashboard, precompressed at build time", () => {
  for (const [path, cacheControl] of Object.entries(CACHE_CONTROL)) {
    it(`${path}: br when accepted, gzip when only gzip, plain when none; Vary and caching kept`, async () => {
      const accept = { accept: "text/html,*/*" };
      const br = await rawRequest(url(path), { ...accept, "accept-encoding": BR_AND_GZIP });
      const gzip = await rawRequest(url(path), { ...accept, "accept-encoding": "gzip" });
      const plain = await rawRequest(url(path), accept);
      for (const [answer, encoding] of [
        [br, "br"],
        [gzip, "gzip"],
        [plain, undefined],
      ] as const) {
        expect(answer.status).toBe(200);
        expect(answer.headers["content-encoding"]).toBe(encoding);
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(answer.headers["cache-control"]).toBe(cacheControl);
        expect(decoded(answer)).toBe(ORIGINAL[path]);
      }
      expect(br.body.length).toBeLessThan(plain.body.length);
      expect(gzip.body.length).toBeLessThan(plain.body.length);
      expect(br.headers["content-type"]).toBe(plain.headers["content-type"]);
    });
  }

  it("sends a file too small to precompress as it is, compressed by nobody", async () => {
    const answer = await rawRequest(url("/assets/small-def456.js"), { "accept-encoding": BR_AND_GZIP });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.toString("utf8")).toBe(FILES["assets/small-def456.js"]);
  });

  it("still answers 404 for source maps and their compressed copies, and never serves .br/.gz by name", async () => {
    for (const path of [
      "/assets/index-abc123.js.map",
      "/assets/index-abc123.js.map.br",
      "/assets/index-abc123.js.br",
      "/sw.js.gz",
    ]) {
      const answer = await rawRequest(url(path), { accept: "*/*", "accept-encoding": BR_AND_GZIP });
      expect(answer.status, path).toBe(404);
      expect(decoded(answer), path).not.toContain("sources");
    }
  });

  it("answers HEAD with the compressed copy's headers and no body", async () => {
    const answer = await rawRequest(url("/assets/index-abc123.js"), { "accept-encoding": "br" }, "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["cache-control"]).toContain("immutable");
    expect(answer.body.length).toBe(0);
  });

  it("answers Range requests: bytes of the plain file without encoding, of the encoded file with it", async () => {
    const original = FILES["assets/index-abc123.js"] ?? "";
    const plain = await rawRequest(url("/assets/index-abc123.js"), { range: "bytes=0-9" });
    expect(plain.status).toBe(206);
    expect(plain.headers["content-range"]).toBe(`bytes 0-9/${Buffer.byteLength(original)}`);
    expect(plain.body.toString("utf8")).toBe(original.slice(0, 10));

    const whole = await rawRequest(url("/assets/index-abc123.js"), { "accept-encoding": "br" });
    const part = await rawRequest(url("/assets/index-abc123.js"), { "accept-encoding": "br", range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(part.headers["content-encoding"]).toBe("br");
    expect(part.headers["content-range"]).toBe(`bytes 0-9/${whole.body.length}`);
    expect(part.body.equals(whole.body.subarray(0, 10))).toBe(true);
  });

  it("allows the shell's inline <style> by its sha256 in the CSP, and no other inline style or script", async () => {
    const answer = await rawRequest(url("/"), { accept: "text/html" });
    const csp = answer.headers["content-security-policy"] ?? "";
    const hash = createHash("sha256").update(SHELL_STYLE, "utf8").digest("base64");
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("unsafe-inline");
  });

  it("follows a build deployed while the hub runs: the new index.html's style hash replaces the old", async () => {
    const newStyle = ".boot { background: #000; }";
    writeFileSync(
      join(distDir, "index.html"),
      `<!doctype html><title>Panel</title><style>${newStyle}</style><p>next</p>`,
    );
    const answer = await rawRequest(url("/"), { accept: "text/html" });
    expect(answer.body.toString("utf8")).toContain("next");
    const hash = createHash("sha256").update(newStyle, "utf8").digest("base64");
    expect(answer.headers["content-security-policy"]).toContain(`style-src 'self' 'sha256-${hash}';`);
  });
});

describe("API answers compressed on the fly", () => {
  it("sends a large JSON answer (GET /config/sensors) as br or gzip that decodes to the same JSON", async () => {
    const cookie = await login(hub ?? { url: "" });
    const plain = await rawRequest(url("/api/v2/config/sensors"), { cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const json: unknown = JSON.parse(plain.body.toString("utf8"));
    for (const encoding of ["br", "gzip"]) {
      const answer = await rawRequest(url("/api/v2/config/sensors"), { cookie, "accept-encoding": encoding });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      expect(answer.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decoded(answer))).toEqual(json);
    }
  });

  it("leaves small answers and the JSON error envelope readable", async () => {
    const unknown = await rawRequest(url("/api/v2/unknown"), {
      accept: "application/json",
      "accept-encoding": BR_AND_GZIP,
    });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(decoded(unknown))).toMatchObject({ code: "NOT_FOUND" });
    const unauthorized = await rawRequest(url("/api/v2/config/sensors"), { "accept-encoding": BR_AND_GZIP });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(decoded(unauthorized))).toHaveProperty("code");
  });
});
