/**
 * `npm run screens`: screenshots of every screen at the four sizes of STYLE.md (tablet 1280x800 and
 * 1920x1200, phone 390x844, car 1024x600), taken in the system Chromium from the running demo.
 *
 * - `SCREENS_URL=http://localhost:8080 npm run screens` photographs a hub that is already running
 *   (logged in as demo / demo). Without it the script builds nothing: it starts the real hub in demo
 *   mode with the simulator on a free port from `dist/` (run `npm run build` first; `npm run screens`
 *   does), waits for live readings, and stops it afterwards.
 * - Output: `screenshots/<size>/<screen>.png` (git-ignored), and a list of what overflows the
 *   viewport sideways, printed per screen. Exit code 1 when any screen scrolls sideways.
 * - `SCREENS_README=1` also refreshes the two small pictures the README shows (docs/screens/).
 */
import { chromium, type Browser, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromiumPath } from "../playwright.config";
import { startTestHub, repoRoot, type TestHub } from "../tests/e2e/support/hub";

/** STYLE.md's four sizes; the car size is shown in the car layout. */
export const SCREEN_SIZES = [
  { name: "tablet-1280x800", width: 1280, height: 800, car: false },
  { name: "tablet-1920x1200", width: 1920, height: 1200, car: false },
  { name: "phone-390x844", width: 390, height: 844, car: false },
  { name: "car-1024x600", width: 1024, height: 600, car: true },
] as const;

const ROUTES = ["/", "/weather", "/menu", "/switches", "/cameras", "/cameras/live?id=brama"] as const;

function fileName(route: string): string {
  if (route === "/") return "home";
  return route.replace(/^\//, "").replace(/[/?=]/g, "-");
}

async function login(page: Page, baseURL: string): Promise<void> {
  await page.goto(baseURL);
  await page.getByLabel("Login", { exact: true }).fill("demo");
  await page.getByLabel("Hasło", { exact: true }).fill("demo");
  await page.getByLabel("Nazwa sesji", { exact: true }).fill("zrzuty ekranu");
  await page.getByRole("button", { name: "Zaloguj się" }).click();
  await page.getByRole("navigation", { name: "Pasek główny" }).waitFor();
}

/** Elements whose right edge passes the viewport, and whether the page scrolls sideways. */
async function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) found.push(`page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === "visible" && element.clientWidth > 0) {
        found.push(`${element.tagName.toLowerCase()}.${element.className}: content ${element.scrollWidth}px in ${element.clientWidth}px`);
      }
    }
    return found.slice(0, 10);
  });
}

async function shoot(browser: Browser, baseURL: string, outDir: string): Promise<number> {
  let problems = 0;
  for (const size of SCREEN_SIZES) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, locale: "pl-PL", timezoneId: "Europe/Warsaw", serviceWorkers: "block", hasTouch: size.name.startsWith("phone") });
    const page = await context.newPage();
    const dir = join(outDir, size.name);
    mkdirSync(dir, { recursive: true });
    await page.goto(baseURL);
    await page.screenshot({ path: join(dir, "login.png") });
    await login(page, baseURL);
    const response = await page.request.patch(`${baseURL}/api/auth/v1/preferences`, { data: { preferences: { appUi: size.car ? "car" : "standard" } } });
    if (!response.ok()) throw new Error(`PATCH /preferences answered ${response.status()}`);
    for (const route of [...ROUTES, ...(size.car ? ["/car-dashboard"] : [])]) {
      await page.goto(`${baseURL}${route}`);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(dir, `${fileName(route)}.png`) });
      const overflow = await overflowOf(page);
      if (overflow.length > 0) {
        problems += 1;
        console.log(`${size.name} ${route}:\n  ${overflow.join("\n  ")}`);
      }
    }
    await page.goto(`${baseURL}/menu`);
    await page.getByRole("button", { name: "Zablokuj sesję" }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(dir, "lock-touch.png") });
    await page.getByText("Dotknij, aby rozpocząć.").click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(dir, "lock-keypad.png") });
    for (const digit of "1357") await page.getByRole("button", { name: digit, exact: true }).click();
    await page.getByRole("button", { name: "Odblokuj" }).click();
    await page.getByRole("navigation", { name: "Pasek główny" }).waitFor();
    await page.request.patch(`${baseURL}/api/auth/v1/preferences`, { data: { preferences: { appUi: "standard" } } });
    await context.close();
  }
  return problems;
}

async function main(): Promise<void> {
  const outDir = join(repoRoot, "screenshots");
  let hub: TestHub | null = null;
  let baseURL = process.env.SCREENS_URL;
  if (!baseURL) {
    hub = await startTestHub({ simulator: true, env: { HUB_SIM_INTERVAL_MS: "2000" } });
    baseURL = hub.baseURL;
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"] });
  try {
    const problems = await shoot(browser, baseURL, outDir);
    console.log(`screenshots in ${outDir}; ${problems} screen(s) overflow`);
    process.exitCode = problems > 0 ? 1 : 0;
  } finally {
    await browser.close();
    await hub?.close();
  }
}

await main();
