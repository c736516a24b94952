import type { Page } from "@playwright/test";
import { DEMO, expect, test } from "./support/fixtures";
import { pinSwatch } from "../../src/shared/pinSwatch";

// PIN lock (spec §2 locked session, §4 transitions, §8 'PIN unlock failure: page reloads';
// DESIGN.md §7: every API call on a locked session answers AUTH_SESSION_LOCKED).

async function lockFromMenu(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: "Pasek główny" }).getByRole("link", { name: "Menu", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Menu" })).toBeVisible();
  await page.getByRole("button", { name: "Zablokuj sesję" }).click();
  await expect(page.getByText("Dotknij, aby rozpocząć.")).toBeVisible();
}

async function typeOnKeypad(page: Page, digits: string): Promise<void> {
  for (const digit of digits) await page.getByRole("button", { name: digit, exact: true }).click();
}

/** Computed background colours of the swatch's four cells as `rgb(r, g, b)` strings. */
async function swatchColours(page: Page): Promise<string[]> {
  const cells = page.getByTestId("pin-swatch").locator(":scope > *");
  await expect(cells).toHaveCount(4);
  return cells.evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
}

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.replace("#", "").slice(0, 6), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

test.describe("PIN lock", () => {
  test("lock from the menu, then unlock with the keypad and the PIN swatch", async ({ loggedInPage: page }) => {
    await lockFromMenu(page);
    await expect(page.getByRole("navigation", { name: "Pasek główny" })).toHaveCount(0);
    await page.getByText("Dotknij, aby rozpocząć.").click();
    await expect(page.getByText("Sesja zablokowana, wprowadź PIN")).toBeVisible();
    const pinInput = page.getByLabel("PIN", { exact: true });
    await expect(pinInput).toHaveAttribute("type", "password");

    await typeOnKeypad(page, "13579");
    await page.getByRole("button", { name: "Usuń ostatnią cyfrę" }).click(); // DEL removes the 9
    await expect(pinInput).toHaveValue(DEMO.pin);
    expect(await swatchColours(page)).toEqual(pinSwatch(DEMO.pin).map(hexToRgb));

    const unlockBodies: unknown[] = [];
    await page.route("**/api/auth/v1/session/unlock", async (route) => {
      unlockBodies.push(route.request().postDataJSON());
      await route.continue();
    });
    await page.getByRole("button", { name: "Odblokuj" }).click();
    await expect.poll(() => unlockBodies).toEqual([{ pin: Number(DEMO.pin) }]); // PIN sent as a number
    await expect(page.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();
    await expect(page.getByText("Sesja zablokowana, wprowadź PIN")).toHaveCount(0);
  });

  test("a wrong PIN reloads the page and shows the lock screen again", async ({ loggedInPage: page }) => {
    await lockFromMenu(page);
    await page.getByText("Dotknij, aby rozpocząć.").click();
    await typeOnKeypad(page, "9999");
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Odblokuj" }).click();
    await reloaded;
    await expect(page.getByText("Dotknij, aby rozpocząć.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pasek główny" })).toHaveCount(0);
  });

  test("an API call answered AUTH_SESSION_LOCKED switches to the PIN screen", async ({ loggedInPage: page }) => {
    await page.getByRole("link", { name: "Menu", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Menu" })).toBeVisible();
    // Another request with the same cookie locks the session behind the dashboard's back.
    const locked = await page.request.post("/api/auth/v1/session/lock", { data: {} });
    expect(locked.status()).toBe(200);

    const answered = page.waitForResponse((r) => r.url().endsWith("/api/auth/v1/preferences"));
    await page.getByLabel("Blokada powiększenia", { exact: true }).click();
    const response = await answered;
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ code: "AUTH_SESSION_LOCKED" });
    await expect(page.getByText("Dotknij, aby rozpocząć.")).toBeVisible();
    await page.getByText("Dotknij, aby rozpocząć.").click();
    await expect(page.getByText("Sesja zablokowana, wprowadź PIN")).toBeVisible();
  });
});
