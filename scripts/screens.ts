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
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromiumPath } from "../playwright.config";
import { startTestHub, repoRoot, type TestHub } from "../tests/e2e/support/hub";
import { overflowOf, SCREEN_ROUTES, SCREEN_SIZES, screenFileName } from "../tests/e2e/support/screens";

async function login(page: Page, baseURL: string): Promise<void> {
  await page.goto(baseURL);
  await page.getByLabel("Login", { exact: true }).fill("demo");
  await page.getByLabel("Hasło", { exact: true }).fill("demo");
  await page.getByLabel("Nazwa sesji", { exact: true }).fill("zrzuty ekranu");
  await page.getByRole("button", { name: "Zaloguj się" }).click();
  await page.getByRole("navigation", { name: "Pasek główny" }).waitFor();
}

async function shoot(browser: Browser, baseURL: string, outDir: string): Promise<number> {
  let problems = 0;
  for (const size of SCREEN_SIZES) {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      locale: "pl-PL",
      timezoneId: "Europe/Warsaw",
      serviceWorkers: "block",
      hasTouch: size.name.startsWith("phone"),
    });
    const page = await context.newPage();
    const dir = join(outDir, size.name);
    mkdirSync(dir, { recursive: true });
    await page.goto(baseURL);
    await page.screenshot({ path: join(dir, "login.png") });
    await login(page, baseURL);
    const response = await page.request.patch(`${baseURL}/api/auth/v1/preferences`, {
      data: { preferences: { appUi: size.car ? "car" : "standard" } },
    });
    if (!response.ok()) throw new Error(`PATCH /preferences answered ${response.status()}`);
    for (const route of [...SCREEN_ROUTES, ...(size.car ? ["/car-dashboard"] : [])]) {
      await page.goto(`${baseURL}${route}`);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(dir, `${screenFileName(route)}.png`) });
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

/** The README's two pictures (SCREENS_README=1): the tablet's home and lock screens at half size. */
async function readmePictures(browser: Browser, outDir: string): Promise<void> {
  const docsDir = join(repoRoot, "docs", "screens");
  mkdirSync(docsDir, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 640, height: 400 } });
  for (const [from, to] of [
    ["home", "home-tablet"],
    ["lock-keypad", "lock-tablet"],
  ] as const) {
    const png = readFileSync(join(outDir, "tablet-1280x800", `${from}.png`)).toString("base64");
    await page.setContent(
      `<body style="margin:0"><img style="display:block;width:640px" src="data:image/png;base64,${png}"></body>`,
    );
    await page.locator("img").screenshot({ path: join(docsDir, `${to}.png`) });
  }
  await page.close();
}

async function main(): Promise<void> {
  const outDir = join(repoRoot, "screenshots");
  let hub: TestHub | null = null;
  let baseURL = process.env.SCREENS_URL;
  if (!baseURL) {
    hub = await startTestHub({ simulator: true, env: { HUB_SIM_INTERVAL_MS: "2000" } });
    baseURL = hub.baseURL;
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  try {
    const problems = await shoot(browser, baseURL, outDir);
    if (process.env.SCREENS_README === "1") await readmePictures(browser, outDir);
    console.log(`screenshots in ${outDir}; ${problems} screen(s) overflow`);
    process.exitCode = problems > 0 ? 1 : 0;
  } finally {
    await browser.close();
    await hub?.close();
  }
}

await main();
