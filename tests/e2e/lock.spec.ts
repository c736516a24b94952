import type { Page } from "@playwright/test";
import { DEMO, expect, loginThroughUi, test } from "./support/fixtures";
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

  test("a wrong PIN reloads the page, which then says 'Błędny PIN' with the attempts left, once", async ({
    loggedInPage: page,
  }) => {
    await lockFromMenu(page);
    await page.getByText("Dotknij, aby rozpocząć.").click();
    await typeOnKeypad(page, "9999");
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Odblokuj" }).click();
    await reloaded;
    await expect(page.getByText("Dotknij, aby rozpocząć.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pasek główny" })).toHaveCount(0);
    // The hub answered AUTH_BAD_PIN with attemptsLeft 9 (docs/contract.md); the reason survives the reload.
    await expect(page.getByRole("alert")).toHaveText("Błędny PIN. Zostało 9 prób.");
    await page.getByText("Dotknij, aby rozpocząć.").click();
    await expect(page.getByRole("alert")).toHaveText("Błędny PIN. Zostało 9 prób.");

    await page.reload(); // shown once: a later reload is the plain lock screen
    await expect(page.getByText("Dotknij, aby rozpocząć.")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("the third wrong PIN says how long the hub makes the next attempt wait", async ({ loggedInPage: page }) => {
    await lockFromMenu(page);
    const answers: unknown[] = [];
    await page.route("**/api/auth/v1/session/unlock", async (route) => {
      const response = await route.fetch();
      answers.push(await response.json());
      await route.fulfill({ response });
    });
    for (const attemptsLeft of [9, 8, 7]) {
      await page.getByText("Dotknij, aby rozpocząć.").click();
      await typeOnKeypad(page, "9999");
      const reloaded = page.waitForEvent("load");
      await page.getByRole("button", { name: "Odblokuj" }).click();
      await reloaded;
      await expect(page.getByRole("alert")).toContainText(`Błędny PIN. Zostało ${attemptsLeft} prób.`);
    }
    expect(answers).toEqual([
      expect.not.objectContaining({ retryAfterMs: expect.anything() }),
      expect.not.objectContaining({ retryAfterMs: expect.anything() }),
      expect.objectContaining({ code: "AUTH_BAD_PIN", attemptsLeft: 7, retryAfterMs: 1000 }),
    ]);
    // From the 3rd failure the hub asks for 1 s (retryAfterMs); 'Odblokuj' waits it out.
    await page.getByText("Dotknij, aby rozpocząć.").click();
    await typeOnKeypad(page, DEMO.pin);
    await expect(page.getByRole("button", { name: "Odblokuj" })).toBeEnabled({ timeout: 3_000 });
    await page.getByRole("button", { name: "Odblokuj" }).click();
    await expect(page.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();
  });

  test("an API call answered AUTH_SESSION_LOCKED switches to the PIN screen", async ({ loggedInPage: page }) => {
    await page.getByRole("link", { name: "Menu", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Menu" })).toBeVisible();
    // Another request with the same cookie locks the session behind the dashboard's back. The
    // page's next call to the hub, on any API base, is refused: usually the user's toggle below,
    // sometimes a call the page makes by itself first (then the menu is gone when the toggle is pressed).
    const refusals: Array<{ path: string; code: unknown }> = [];
    page.on("response", (r) => {
      const path = new URL(r.url()).pathname;
      if (r.status() !== 403 || !path.startsWith("/api/")) return;
      const entry = { path, code: undefined as unknown };
      refusals.push(entry);
      r.json().then(
        (body: { code?: unknown }) => (entry.code = body.code),
        () => (entry.code = "(body unavailable)"),
      );
    });
    const locked = await page.request.post("/api/auth/v1/session/lock", { data: {} });
    expect(locked.status()).toBe(200);

    const toggle = page.getByLabel("Blokada powiększenia", { exact: true });
    await toggle.click({ timeout: 10_000 }).catch(async (error: unknown) => {
      // Only acceptable when the lock screen replaced the menu under the click.
      if (!(await page.getByText("Dotknij, aby rozpocząć.").isVisible())) throw error;
    });
    await expect(page.getByText("Dotknij, aby rozpocząć.")).toBeVisible();
    // What switched it: an API answer 403 AUTH_SESSION_LOCKED (the body may be gone if the page reloaded since).
    // Wait for every refusal's body, not just the first: a second one read a moment later was seen still undefined.
    await expect.poll(() => refusals.length > 0 && refusals.every((r) => r.code !== undefined)).toBe(true);
    expect(
      refusals.every((r) => r.code === "AUTH_SESSION_LOCKED" || r.code === "(body unavailable)"),
      JSON.stringify(refusals),
    ).toBe(true);
    console.log(`lock.spec: refused after the lock: ${JSON.stringify(refusals)}`);
    await page.getByText("Dotknij, aby rozpocząć.").click();
    await expect(page.getByText("Sesja zablokowana, wprowadź PIN")).toBeVisible();
  });
});

test.describe("PIN keypad layout", () => {
  /** Locks the page's session through the API and opens the keypad after a reload. */
  async function openKeypad(page: Page): Promise<void> {
    const locked = await page.request.post("/api/auth/v1/session/lock", { data: {} });
    expect(locked.status()).toBe(200);
    await page.reload();
    await page.getByText("Dotknij, aby rozpocząć.").click();
    await expect(page.getByText("Sesja zablokowana, wprowadź PIN")).toBeVisible();
  }

  /** Every key's size in CSS px, and whether 'Odblokuj' lies inside the viewport with nothing to scroll. */
  async function measure(page: Page) {
    return page.evaluate(() => {
      const keys = Array.from(document.querySelectorAll<HTMLElement>(".keypad button")).map((key) =>
        key.getBoundingClientRect(),
      );
      const unlock = Array.from(document.querySelectorAll("button")).find(
        (button) => button.textContent === "Odblokuj",
      );
      const box = unlock?.getBoundingClientRect();
      return {
        keys: keys.length,
        smallest: Math.min(...keys.flatMap((key) => [key.width, key.height])),
        unlockInView:
          box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth,
        scrolls:
          document.documentElement.scrollHeight > window.innerHeight + 1 ||
          document.documentElement.scrollWidth > window.innerWidth + 1,
      };
    });
  }

  test("on a phone (390x844) 'Odblokuj' shows without scrolling and keys are at least 48 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginThroughUi(page);
    await openKeypad(page);
    const sizes = await measure(page);
    expect(sizes).toMatchObject({ keys: 10, unlockInView: true, scrolls: false });
    expect(sizes.smallest).toBeGreaterThanOrEqual(48);
    const deleteKey = page.getByRole("button", { name: "Usuń ostatnią cyfrę" });
    await expect(deleteKey).toHaveText("");
    await expect(deleteKey.locator("svg")).toBeVisible();
  });

  test("on a car tablet (1024x600, car layout on this device) keys are at least 76 px and 'Odblokuj' shows", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 600 });
    await loginThroughUi(page);
    await page.evaluate(() => localStorage.setItem("device.appUi", "car"));
    await openKeypad(page);
    const sizes = await measure(page);
    expect(sizes).toMatchObject({ keys: 10, unlockInView: true, scrolls: false });
    expect(sizes.smallest).toBeGreaterThanOrEqual(76);
  });

  test("after a wrong PIN the notice still leaves 'Odblokuj' in view on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginThroughUi(page);
    await openKeypad(page);
    await typeOnKeypad(page, "9999");
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Odblokuj" }).click();
    await reloaded;
    await page.getByText("Dotknij, aby rozpocząć.").click();
    await expect(page.getByRole("alert")).toBeVisible();
    expect(await measure(page)).toMatchObject({ unlockInView: true, scrolls: false });
  });
});
