import { chromium, type Browser } from "@playwright/test";
import { chromiumPath } from "../../playwright.config";
import { expectNoA11yViolations } from "./support/axe";
import { DEMO, expect, loginThroughUi, test } from "./support/fixtures";

// The insecure-connection notice: a household's tablet opens the hub by its LAN name over plain HTTP,
// which is not a secure context (no service worker, no install, no Wake Lock); the dashboard says so
// and links to the hub's onboarding page /ca. On localhost (a secure context) nothing is shown.

const NOTICE =
  "Połączenie nie jest szyfrowane: bez HTTPS nie działa praca bez sieci, instalacja ani ekran zawsze włączony.";

let browser: Browser | undefined;
test.beforeAll(async () => {
  // hub.lan resolves to the worker's hub on loopback, as a LAN name would to the hub's address.
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--host-resolver-rules=MAP hub.lan 127.0.0.1"],
  });
});
test.afterAll(async () => {
  await browser?.close();
});

test.describe("insecure-connection notice", () => {
  test("over http://hub.lan the login screen and the dashboard name what is lost and link to 'Zaufaj hubowi'", async ({
    hub,
  }) => {
    if (!browser) throw new Error("no browser");
    const baseURL = hub.baseURL.replace("127.0.0.1", "hub.lan");
    const context = await browser.newContext({
      baseURL,
      locale: "pl-PL",
      timezoneId: "Europe/Warsaw",
      serviceWorkers: "block",
    });
    try {
      const page = await context.newPage();
      await page.goto("/");
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      await expect(page.getByRole("heading", { name: "Logowanie" })).toBeVisible();
      const notice = page.getByRole("complementary", { name: "Połączenie nieszyfrowane" });
      await expect(notice).toHaveText(`${NOTICE} Zaufaj hubowi`);
      await expect(notice.getByRole("link", { name: "Zaufaj hubowi" })).toHaveAttribute("href", "/ca");
      await expectNoA11yViolations(page, "login (insecure)");

      await page.getByLabel("Login", { exact: true }).fill(DEMO.login);
      await page.getByLabel("Hasło", { exact: true }).fill(DEMO.password);
      await page.getByLabel("Nazwa sesji", { exact: true }).fill("e2e insecure");
      await page.getByRole("button", { name: "Zaloguj się" }).click();
      await expect(page.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();
      await expect(notice).toHaveText(`${NOTICE} Zaufaj hubowi`);
      // In the flow of the page: it covers none of the dashboard's controls.
      expect(await notice.evaluate((element) => getComputedStyle(element).position)).toBe("static");
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await expectNoA11yViolations(page, "home (insecure)");
    } finally {
      await context.close();
    }
  });

  test("over http://localhost (a secure context) there is no notice", async ({ hub }) => {
    if (!browser) throw new Error("no browser");
    const context = await browser.newContext({
      baseURL: hub.baseURL.replace("127.0.0.1", "localhost"),
      locale: "pl-PL",
      serviceWorkers: "block",
    });
    try {
      const page = await context.newPage();
      await loginThroughUi(page);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
      await expect(page.getByTestId("insecure-notice")).toHaveCount(0);
      await expect(page.getByText(NOTICE)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
