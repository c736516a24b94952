import type { Page, PlaywrightWorkerArgs } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { DEMO, expect, loginThroughUi, test } from "./support/fixtures";

// Spec §2 (/car-dashboard only in the car layout) and §4 (the default route, once per browser session).

/** Sets the demo account's preferences on the hub at `baseURL` from another device (a phone's session), as its menu would. */
async function setPreferences(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  preferences: Record<string, unknown>,
): Promise<void> {
  const phone = await playwright.request.newContext({ baseURL });
  try {
    expect(
      (
        await phone.post("/api/auth/v1/auth", {
          data: { login: DEMO.login, password: DEMO.password, sessionName: "Telefon" },
        })
      ).status(),
    ).toBe(200);
    expect((await phone.patch("/api/auth/v1/preferences", { data: { preferences } })).status()).toBe(200);
  } finally {
    await phone.dispose();
  }
}

/** The heading of the screen shown, once it is there. */
async function shownHeading(page: Page, name: string): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

test.describe("start screen (spec §4)", () => {
  test("the first load of a browser session opens the start screen after login; a reload elsewhere stays there", async ({
    page,
    playwright,
    household,
  }) => {
    const { hub } = await household();
    await setPreferences(playwright, hub.baseURL, { defaultRoute: "/weather" });
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await expect(page).toHaveURL(/\/weather$/);
    await page
      .getByRole("navigation", { name: "Pasek główny" })
      .getByRole("link", { name: "Przełączniki", exact: true })
      .click();
    await expect(page).toHaveURL(/\/switches$/);
    await page.reload();
    await shownHeading(page, "Przełączniki");
    await page.waitForTimeout(1_500);
    await expect(page).toHaveURL(/\/switches$/);
  });

  test("a deep link opened right after login, before the first load had its preferences, is not overridden", async ({
    page,
    playwright,
    household,
  }) => {
    const { hub } = await household();
    await setPreferences(playwright, hub.baseURL, { defaultRoute: "/weather" });
    // The first load's preferences answer is slow: the user is quicker and types /switches in the same tab.
    let held = true;
    await page.route("**/api/auth/v1/preferences", async (route) => {
      if (held) await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await page.goto(hub.baseURL);
    await page.getByLabel("Login", { exact: true }).fill(DEMO.login);
    await page.getByLabel("Hasło", { exact: true }).fill(DEMO.password);
    await page.getByLabel("Nazwa sesji", { exact: true }).fill("e2e");
    await page.getByRole("button", { name: "Zaloguj się" }).click();
    await expect(page.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();
    held = false;
    const preferencesLoaded = page.waitForResponse(
      (response) => response.url().endsWith("/api/auth/v1/preferences") && response.ok(),
    );
    await page.goto(`${hub.baseURL}/switches`);
    await preferencesLoaded;
    await shownHeading(page, "Przełączniki");
    await page.waitForTimeout(1_500);
    await expect(page).toHaveURL(/\/switches$/);
  });
});

test.describe("car dashboard only in the car layout (spec §2)", () => {
  test("in the standard layout /car-dashboard sends the user home and the start-screen picker does not offer it; in the car layout both work", async ({
    loggedInPage: page,
  }) => {
    await page.goto("/car-dashboard");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("car-dashboard")).toHaveCount(0);
    await page.goto("/menu");
    const picker = page.getByLabel("Ekran startowy");
    await expect(picker.locator("option", { hasText: "Pogoda" })).toHaveCount(1);
    await expect(picker.locator("option", { hasText: "Pulpit samochodowy" })).toHaveCount(0);
    await expectNoA11yViolations(page, "menu, standard layout");

    // This device becomes the car's tablet ('Układ na tym urządzeniu': 'Samochodowy').
    await page
      .getByRole("group", { name: "Układ na tym urządzeniu" })
      .getByRole("radio", { name: "Samochodowy" })
      .check();
    await expect(picker.locator("option", { hasText: "Pulpit samochodowy" })).toHaveCount(1);
    await page.goto("/car-dashboard");
    await expect(page.getByTestId("car-dashboard")).toBeVisible();
    await expect(page).toHaveURL(/\/car-dashboard$/);
  });

  test("a tablet whose cached preferences still say standard opens /car-dashboard once the hub says the account is car", async ({
    page,
    playwright,
    household,
  }) => {
    const { hub } = await household();
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await expect(page.getByRole("navigation", { name: "Pasek główny" })).toHaveAttribute("data-layout", "standard");
    // Another device switches the account to the car layout; this tablet has no layout of its own.
    await setPreferences(playwright, hub.baseURL, { appUi: "car" });
    let held = true;
    await page.route("**/api/auth/v1/preferences", async (route) => {
      if (held) await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto(`${hub.baseURL}/car-dashboard`);
    held = false;
    await expect(page.getByTestId("car-dashboard")).toBeVisible();
    await expect(page).toHaveURL(/\/car-dashboard$/);
  });
});
