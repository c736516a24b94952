import { dashboardDistDir } from "./support/hub";
import { expect, test } from "./support/fixtures";
import { FIRST_SCREEN_BUDGET_KB, measureFirstScreen } from "../../bench/first-screen";
import { readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { join } from "node:path";
import { COMPILE_HINT } from "../../scripts/compileHints";

// The first screen paints before JavaScript, within CSP, on a JavaScript budget.

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

test.describe("first screen", () => {
  test(`the first screen's JavaScript stays within ${FIRST_SCREEN_BUDGET_KB} KB gzip and Brotli (built dist/)`, () => {
    const screen = measureFirstScreen(dashboardDistDir());
    console.log(
      `first screen: ${screen.files.map((f) => f.path).join(", ")}: ${kb(screen.raw)} raw, ${kb(screen.gzip)} gzip, ${kb(screen.br)} br`,
    );
    expect(screen.files.length, "index.html loads at least the entry chunk").toBeGreaterThan(0);
    expect(screen.gzip, `gzip ${kb(screen.gzip)}`).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_KB * 1024);
    expect(screen.br, `br ${kb(screen.br)}`).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_KB * 1024);
  });

  test("the first screen's chunks carry V8's compile hint on their first line, with the compressed copies the hub sends (built dist/)", () => {
    const dist = dashboardDistDir();
    const screen = measureFirstScreen(dist);
    for (const { path } of screen.files) {
      expect(readFileSync(join(dist, path), "utf8").split("\n")[0], path).toBe(COMPILE_HINT);
      expect(
        brotliDecompressSync(readFileSync(join(dist, `${path}.br`)))
          .toString("utf8")
          .split("\n")[0],
        `${path}.br`,
      ).toBe(COMPILE_HINT);
      expect(
        gunzipSync(readFileSync(join(dist, `${path}.gz`)))
          .toString("utf8")
          .split("\n")[0],
        `${path}.gz`,
      ).toBe(COMPILE_HINT);
    }
    expect(screen.files.length).toBeGreaterThan(1);
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("index.html alone paints the shell: the app's name, a loading state and the bar's frame", async ({ page }) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") violations.push(message.text());
      });
      await page.goto("/");
      await expect(page.getByText("Dom", { exact: true })).toBeVisible();
      await expect(page.getByRole("status")).toHaveText("Ładowanie…");
      const bar = page.locator(".boot__bar");
      await expect(bar).toBeVisible();
      // The shell's style applied (allowed by its hash in the CSP): the bar's height and colour of tokens.css.
      expect(await bar.evaluate((el) => [getComputedStyle(el).height, getComputedStyle(el).backgroundColor])).toEqual([
        "64px",
        "rgb(27, 33, 40)",
      ]);
      expect(violations.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    });
  });

  test("with JavaScript on, React replaces the shell and nothing violates the CSP (login, then the dashboard, whose bar's routes preload)", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective}: ${event.blockedURI}`),
      );
    });
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
        consoleErrors.push(message.text());
    });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Logowanie" })).toBeVisible();
    await expect(page.locator(".boot")).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(16, 20, 24)");
    await page.getByLabel("Login", { exact: true }).fill("demo");
    await page.getByLabel("Hasło", { exact: true }).fill("demo");
    await page.getByLabel("Nazwa sesji", { exact: true }).fill("e2e");
    await page.getByRole("button", { name: "Zaloguj się" }).click();
    await expect(page.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // The bar's links are in view: their routes' chunks load without a click (spec §9, 200 px margin).
    await expect
      .poll(() => scripts.filter((path) => /\/assets\/(weather|menu|switches)-[\w-]+\.js$/.test(path)).length)
      .toBe(3);
    // Fetched as modulepreload links from index.html's route map: downloaded and compiled, not run.
    const preloaded = await page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="modulepreload"]')).map((link) => link.getAttribute("href")),
    );
    for (const route of ["weather", "menu", "switches"])
      expect(
        preloaded.some((href) => href?.startsWith(`/assets/${route}-`)),
        route,
      ).toBe(true);
  });
});
