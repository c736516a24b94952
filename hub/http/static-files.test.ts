import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startTestHub, tempDir, type TestHub } from "../testing/harness";

let hub: TestHub | undefined;
afterEach(async () => {
  await hub?.cleanup();
  hub = undefined;
});

describe("static dashboard", () => {
  it("answers 503 with a page saying how to build when dist has no index.html", async () => {
    hub = await startTestHub();
    const response = await fetch(`${hub.url}/`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("npm run build");
  });

  it("serves dist with cache headers, an SPA fallback and security headers", async () => {
    const distDir = tempDir("hub-dist-");
    mkdirSync(join(distDir, "assets"));
    writeFileSync(join(distDir, "index.html"), "<!doctype html><title>Panel</title>");
    writeFileSync(join(distDir, "sw.js"), "self.addEventListener('fetch', () => {});");
    writeFileSync(join(distDir, "manifest.json"), "{}");
    writeFileSync(join(distDir, "assets", "index-abc123.js"), "console.log(1)");
    writeFileSync(join(distDir, "assets", "index-abc123.js.map"), '{"version":3,"sources":["src/secret.ts"]}');
    writeFileSync(join(distDir, "sw.js.map"), '{"version":3}');
    hub = await startTestHub({ distDir });

    const index = await fetch(`${hub.url}/`, { headers: { accept: "text/html" } });
    expect(index.status).toBe(200);
    expect(index.headers.get("cache-control")).toBe("no-cache");
    expect(index.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(index.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(index.headers.get("x-content-type-options")).toBe("nosniff");
    expect(index.headers.get("referrer-policy")).toBe("same-origin");

    expect((await fetch(`${hub.url}/sw.js`)).headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${hub.url}/manifest.json`)).headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${hub.url}/assets/index-abc123.js`)).headers.get("cache-control")).toContain("immutable");

    const deepLink = await fetch(`${hub.url}/cameras/live?id=zoom`, {
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain("<title>Panel</title>");

    for (const map of ["/assets/index-abc123.js.map", "/sw.js.map"]) {
      const response = await fetch(`${hub.url}${map}`, { headers: { accept: "*/*" } });
      expect(response.status, map).toBe(404);
      expect(await response.text()).not.toContain("sources");
    }

    const missingAsset = await fetch(`${hub.url}/assets/missing.js`, { headers: { accept: "*/*" } });
    expect(missingAsset.status).toBe(404);
    const api = await fetch(`${hub.url}/api/v2/unknown`, { headers: { accept: "text/html" } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});
