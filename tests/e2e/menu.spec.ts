import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { closeContext, expect, loginThroughUi, test } from "./support/fixtures";
import { startTestHub, type TestHub } from "./support/hub";
import { loadFixture, publishDevice } from "./support/mqtt";
import { overflowOf, SCREEN_SIZES } from "./support/screens";

// The menu: household settings chosen in the UI, saved with PATCH /settings and seen
// by the screens that use them; the watchdog the hub acts on; the user's sessions, one of them
// logged out from another browser.

/** The menu's sections that open on demand. */
const SECTIONS = ["Sesje", "Przełączniki na ekranach", "Grupy przełączników", "Alarmy pogody i temperatury"] as const;

/** Opens the menu's collapsible section `title` (a native <details>: its summary holds the heading). */
async function openSection(page: Page, title: string): Promise<void> {
  await page.locator("summary", { has: page.getByRole("heading", { name: title, exact: true }) }).click();
}

const bar = (page: Page) => page.getByRole("navigation", { name: "Pasek główny" });

test.describe("menu", () => {
  let hub: TestHub | undefined;
  test.afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  test("choose home switches and see home change without reload; a temperature limit is saved, raises the hub's alert and survives a reload; axe with every section open", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    hub = await startTestHub();
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await bar(page).getByRole("link", { name: "Menu", exact: true }).click();

    // Home switches: add 'Pompa ogrodowa', then 'Listwa w biurze, przekaźnik 2', move it first, save.
    await openSection(page, "Przełączniki na ekranach");
    const home = page.getByRole("region", { name: "Przełączniki na ekranie głównym" });
    await home.getByLabel("Przełącznik do dodania").selectOption({ label: "Pompa ogrodowa" });
    await home.getByRole("button", { name: "Dodaj", exact: true }).click();
    await home.getByLabel("Przełącznik do dodania").selectOption({ label: "Listwa w biurze, przekaźnik 2" });
    await home.getByRole("button", { name: "Dodaj", exact: true }).click();
    await home.getByRole("button", { name: "Przesuń wyżej: Listwa w biurze, przekaźnik 2" }).click();
    await home.getByRole("button", { name: "Zapisz" }).click();
    await expect(home.getByRole("status")).toHaveText("Zapisano");
    await expect(home.getByRole("listitem")).toHaveText(["Listwa w biurze, przekaźnik 2", "Pompa ogrodowa"]);
    // The garage light choice says what the hub does with it.
    await expect(page.getByText("Hub włącza ten przełącznik, gdy brama garażowa zaczyna się otwierać.")).toBeVisible();

    await bar(page).getByRole("link", { name: "Start", exact: true }).click();
    const tiles = page.getByRole("region", { name: "Przełączniki" }).getByRole("switch");
    await expect(tiles).toHaveCount(2);
    await expect(tiles.nth(0)).toHaveAccessibleName(/Listwa w biurze, przekaźnik 2/);
    await expect(tiles.nth(1)).toHaveAccessibleName(/Pompa ogrodowa/);

    // A temperature limit for the balcony: max 20 °C, saved; the balcony's BME280 says 21.7 °C.
    await bar(page).getByRole("link", { name: "Menu", exact: true }).click();
    await openSection(page, "Alarmy pogody i temperatury");
    await page.getByRole("button", { name: "Dodaj próg" }).click();
    const entry = page.locator(".watchdog-entry").first();
    await entry.getByLabel("Czujnik").selectOption({ label: "Balkon" });
    await entry.getByLabel("Maksimum (°C)").fill("20");
    const limits = page.getByRole("group", { name: "Progi temperatury czujników" });
    await limits.getByRole("button", { name: "Zapisz" }).click();
    await expect(limits.getByRole("status").last()).toHaveText("Zapisano");
    const fixture = loadFixture("tasmota/sensor_bme280.json");
    await publishDevice(hub, "tele/balkon/SENSOR", fixture.payload);
    await expect(entry.getByText("Alarm: 21,7 °C powyżej 20 °C")).toBeVisible();

    await page.reload();
    await openSection(page, "Alarmy pogody i temperatury");
    await expect(page.locator(".watchdog-entry").first().getByLabel("Maksimum (°C)")).toHaveValue("20");
    await expect(page.locator(".watchdog-entry").first().getByLabel("Czujnik")).toHaveValue("balcony");

    for (const title of SECTIONS.filter((title) => title !== "Alarmy pogody i temperatury"))
      await openSection(page, title);
    await expect(page.getByText("Ta sesja")).toBeVisible();
    await expect(page.getByLabel("Nazwa grupy").first()).toHaveValue("Salon");
    await expectNoA11yViolations(page, "menu with every section open");

    // Nothing cut off with every section open on the phone and in the car (STYLE.md sizes).
    for (const size of SCREEN_SIZES.filter((candidate) => candidate.name.startsWith("phone") || candidate.car)) {
      await page.setViewportSize({ width: size.width, height: size.height });
      if (size.car) {
        expect(
          (
            await page.request.patch(`${hub.baseURL}/api/auth/v1/preferences`, {
              data: { preferences: { appUi: "car" } },
            })
          ).status(),
        ).toBe(200);
        await page.reload();
        await expect(bar(page)).toHaveAttribute("data-layout", "car");
        for (const title of SECTIONS) await openSection(page, title);
      }
      await expect(page.getByText("Ta sesja")).toBeVisible();
      expect(await overflowOf(page), `overflow on the menu at ${size.name}`).toEqual([]);
    }
  });

  test("sessions from two browsers: the other one is logged out after a confirmation and lands on the login form", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    hub = await startTestHub();
    const otherContext = await browser.newContext();
    try {
      const other = await otherContext.newPage();
      await loginThroughUi(other, { baseURL: hub.baseURL, sessionName: "Tablet w kuchni" });
      await loginThroughUi(page, { baseURL: hub.baseURL, sessionName: "Telefon" });
      await page.goto(`${hub.baseURL}/menu`);
      await openSection(page, "Sesje");
      const sessions = page.locator(".session-list__item");
      await expect(sessions).toHaveCount(2);
      await expect(sessions.first()).toContainText("Telefon");
      await expect(sessions.first()).toContainText("Ta sesja");

      await page.getByRole("button", { name: "Wyloguj: Tablet w kuchni" }).click();
      const dialog = page.getByRole("dialog", { name: "Wylogować sesję „Tablet w kuchni”?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Anuluj" }).click();
      await expect(sessions).toHaveCount(2);
      await page.getByRole("button", { name: "Wyloguj: Tablet w kuchni" }).click();
      await dialog.getByRole("button", { name: "Wyloguj" }).click();
      await expect(sessions).toHaveCount(1);
      await expect(page.getByRole("button", { name: "Wyloguj: Tablet w kuchni" })).toHaveCount(0);

      // The other browser shows the login form by itself, without waiting for its next call: the hub
      // closed its live connection, and the session check that follows is answered 401.
      await expect(other.getByRole("heading", { name: "Logowanie" })).toBeVisible({ timeout: 5_000 });
    } finally {
      await closeContext(otherContext);
    }
  });
});
