// Bundle-size benchmark (DESIGN.md §6: at most 120 KB of compressed JavaScript before the
// first screen). Prints (1) the first screen's JavaScript as built: the entry chunk and its static
// imports (index.html's module script and modulepreload links), gzip and Brotli as the hub sends them
// (bench/first-screen.ts; tests/e2e/first-screen.spec.ts fails past the budget); (2) what Chromium
// actually fetched from the real hub until the login form was usable (lazy chunks requested at boot
// included), decoded size, gzip recomputed with node:zlib, and bytes on the wire (the hub's
// Content-Encoding); (3) all JavaScript in dist/. Run: `npx tsx bench/bundle-size.ts` after
// `npm run build` (E2E_DIST_DIR for another build).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { dashboardDistDir, startTestHub } from "../tests/e2e/support/hub";
import { FIRST_SCREEN_BUDGET_KB, measureFirstScreen } from "./first-screen";
import { launchChromium, printTable } from "./support";

const BUDGET_KB = FIRST_SCREEN_BUDGET_KB;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (bytes: Buffer): number => gzipSync(bytes, { level: 9 }).length;
const verdict = (bytes: number): string => `<= ${BUDGET_KB} KB ${bytes <= BUDGET_KB * 1024 ? "OK" : "OVER"}`;

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsFiles(path);
    return name.endsWith(".js") ? [path] : [];
  });
}

type Loaded = { url: string; raw: number; gzip: number; wire: number; encoding: string };

const firstScreen = measureFirstScreen(dashboardDistDir());
const hub = await startTestHub();
const browser = await launchChromium();
try {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const loaded: Array<Promise<Loaded>> = [];
  let firstScreenUsable = false;
  page.on("requestfinished", (request) => {
    const url = new URL(request.url());
    if (firstScreenUsable || !url.pathname.endsWith(".js")) return;
    loaded.push(
      (async () => {
        const response = await request.response();
        const body = (await response?.body()) ?? Buffer.alloc(0);
        const sizes = await request.sizes();
        const encoding = (await response?.headerValue("content-encoding")) ?? "none";
        return { url: url.pathname, raw: body.length, gzip: gzipSize(body), wire: sizes.responseBodySize, encoding };
      })(),
    );
  });
  await page.goto(hub.baseURL);
  await page.getByRole("heading", { name: "Logowanie" }).waitFor();
  await page.getByRole("button", { name: "Zaloguj się" }).waitFor();
  firstScreenUsable = true;
  const before = await Promise.all(loaded);

  const distJs = jsFiles(dashboardDistDir());
  const distRaw = distJs.reduce((s, f) => s + statSync(f).size, 0);
  const distGzip = distJs.reduce((s, f) => s + gzipSize(readFileSync(f)), 0);
  const sum = (key: "raw" | "gzip" | "wire") => before.reduce((s, f) => s + f[key], 0);

  printTable(`First screen's JavaScript as built: entry + static imports (${new Date().toISOString()})`, [
    ...firstScreen.files.map((f): [string, string] => [
      `  ${f.path}`,
      `${kb(f.br)} br, ${kb(f.gzip)} gzip (${kb(f.raw)} raw)`,
    ]),
    ["first screen, Brotli (on the wire)", kb(firstScreen.br), verdict(firstScreen.br)],
    ["first screen, gzip", kb(firstScreen.gzip), verdict(firstScreen.gzip)],
    ["first screen, raw", kb(firstScreen.raw)],
  ]);
  printTable("JavaScript Chromium fetched until the login form was usable", [
    ...before.map((f): [string, string] => [
      `  ${f.url}`,
      `${kb(f.wire)} sent (${f.encoding}), ${kb(f.gzip)} gzip, ${kb(f.raw)} raw`,
    ]),
    ["total sent (Content-Encoding of the hub)", kb(sum("wire"))],
    ["total gzip (recomputed)", kb(sum("gzip"))],
    ["total raw", kb(sum("raw"))],
    [`all JavaScript in dist/ (${distJs.length} files, gzip)`, kb(distGzip)],
    ["all JavaScript in dist/ (raw)", kb(distRaw)],
  ]);
  console.log(`(dist files: ${distJs.map((f) => relative(dashboardDistDir(), f)).join(", ")})`);
} finally {
  await browser.close();
  await hub.close();
}
