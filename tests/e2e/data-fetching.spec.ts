import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";

// Data fetching of the session resources (spec §9: loading-slow 3000 ms, focus throttle 5000 ms),
// on the user's path against the real hub: a slow network on one GET, and a change made on the hub
// from elsewhere that the open dashboard picks up when the window regains focus.

const HINT = "Wczytywanie trwa dłużej niż zwykle";

/** Whether `url` is the general API's GET /config itself (not /config/switches, /config/sensors). */
const isConfig = (url: URL) => url.pathname === "/api/v2/config";

/**
 * The window regains focus: its `focus` event, which the data-fetching library listens to. Dispatched
 * in the page: headless Chromium fires no focus or visibility events when tabs are switched
 * (bringToFront), every page counts as focused.
 */
async function refocus(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
}

test.describe("data fetching (spec §9)", () => {
  test("a slow GET /config shows 'Wczytywanie trwa dłużej niż zwykle' after about 3 s, then the data and no hint", async ({
    loggedInPage: page,
  }) => {
    const delayMs = 6000;
    let requestedAt = 0;
    let answered = false;
    // A slow network on that one URL: the hub's real answer, held back 6 s.
    await page.route(isConfig, async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      requestedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      answered = true;
      await route.continue();
    });
    await page.goto("/switches");
    await expect(page.getByRole("heading", { name: "Przełączniki", level: 1 })).toBeVisible();
    const hint = page.getByTestId("loading-slow");
    // The groups come from config's switchesList (the demo's 'Salon'): not there while it loads.
    const group = page.getByRole("heading", { name: "Salon", level: 2 });
    await expect(page.getByTestId("switch-entry-listwa")).toBeVisible();
    await expect(group).toHaveCount(0);
    await expect(hint).toBeVisible({ timeout: delayMs });
    const shownAfter = Date.now() - requestedAt;
    expect(answered, "the hint shows while the request is still running").toBe(false);
    expect(shownAfter).toBeGreaterThanOrEqual(2900);
    await expect(hint).toHaveText(HINT);
    // Announced politely to screen readers.
    await expect(page.getByRole("status").filter({ hasText: HINT })).toHaveAttribute("aria-live", "polite");
    await expectNoA11yViolations(page, "switches while config loads slowly");
    await expect(group).toBeVisible({ timeout: delayMs + 5000 });
    await expect(hint).toHaveCount(0);
  });

  test("a window focus more than 5 s after loading refetches a resource changed on the hub meanwhile", async ({
    page,
    household,
  }) => {
    // A hub of its own: the test renames a switch.
    const { hub } = await household();
    await loginThroughUi(page, { baseURL: hub.baseURL });
    const loadedAt = Date.now();
    const switchGets: number[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET" && new URL(request.url()).pathname === "/api/v2/config/switches")
        switchGets.push(Date.now());
    });
    await page
      .getByRole("navigation", { name: "Pasek główny" })
      .getByRole("link", { name: "Przełączniki", exact: true })
      .click();
    const listwa = page.getByTestId("switch-entry-listwa");
    await expect(listwa).toContainText("Listwa w biurze");
    // Renamed from another device (the page's own cookie, outside the page).
    const renamed = await page.request.patch(`${hub.baseURL}/api/v2/config/switches/listwa`, {
      data: { config: { label: "Listwa w warsztacie" } },
    });
    expect(renamed.status()).toBe(200);
    // Nothing tells the open page: it still shows the old label.
    await page.waitForTimeout(Math.max(0, loadedAt + 5500 - Date.now()));
    await expect(listwa).toContainText("Listwa w biurze");
    expect(switchGets).toHaveLength(0);
    await refocus(page);
    await expect(listwa).toContainText("Listwa w warsztacie", { timeout: 5000 });
    expect(switchGets).toHaveLength(1);
    // A second focus at once is within the 5 s throttle: no request.
    await refocus(page);
    await page.waitForTimeout(500);
    expect(switchGets).toHaveLength(1);
  });
});
