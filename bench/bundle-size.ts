// Bundle-size benchmark (DESIGN.md §6: at most 170 KB gzip of JavaScript before the first screen is
// usable). Loads the built dashboard from the real hub in Chromium, collects every JavaScript response
// until the login form is usable, gzips each body with node:zlib and prints the total; also the total
// of all JavaScript in dist/. Run: `npx tsx bench/bundle-size.ts` after `npm run build`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { dashboardDistDir, startTestHub } from "../tests/e2e/support/hub";
import { launchChromium, printTable } from "./support";

const BUDGET_KB = 170;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (bytes: Buffer): number => gzipSync(bytes, { level: 9 }).length;

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsFiles(path);
    return name.endsWith(".js") ? [path] : [];
  });
}

const hub = await startTestHub();
const browser = await launchChromium();
try {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const loaded: Array<Promise<{ url: string; raw: number; gzip: number }>> = [];
  let firstScreenUsable = false;
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    const isJs = type.includes("javascript") || new URL(response.url()).pathname.endsWith(".js");
    if (!isJs || firstScreenUsable) return;
    loaded.push(
      response.body().then((body) => ({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSize(body) })),
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
  const totalGzip = before.reduce((s, f) => s + f.gzip, 0);
  const totalRaw = before.reduce((s, f) => s + f.raw, 0);

  printTable(`JavaScript before the login screen is usable (${new Date().toISOString()})`, [
    ...before.map((f): [string, string] => [`  ${f.url}`, `${kb(f.gzip)} gzip (${kb(f.raw)} raw)`]),
    ["total before first screen (gzip)", kb(totalGzip), `<= ${BUDGET_KB} KB ${totalGzip <= BUDGET_KB * 1024 ? "OK" : "OVER"}`],
    ["total before first screen (raw)", kb(totalRaw)],
    [`all JavaScript in dist/ (${distJs.length} files, gzip)`, kb(distGzip)],
    ["all JavaScript in dist/ (raw)", kb(distRaw)],
  ]);
  console.log(`(dist files: ${distJs.map((f) => relative(dashboardDistDir(), f)).join(", ")})`);
} finally {
  await browser.close();
  await hub.close();
}
