import * as v from "valibot";
import { SwitchesAnswerSchema } from "../../contract/switches";
import { expectNoA11yViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/** GET /config/switches, from the shared contract. */
const SwitchListSchema = SwitchesAnswerSchema;

// Routes (spec §2) and the required query parameter rule (spec §5).

test.describe("routes", () => {
  test("/cameras/live without an id shows the missing-parameter error", async ({ loggedInPage: page }) => {
    await page.goto("/cameras/live");
    await expect(page.getByText("Brak wymaganego parametru: id")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();
  });

  test("/cameras/live with an id does not show that error", async ({ loggedInPage: page }) => {
    await page.goto("/cameras/live?id=brama");
    await expect(page.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();
    await expect(page.getByText("Brak wymaganego parametru: id")).toHaveCount(0);
  });

  test("every top-bar link leads to its route", async ({ loggedInPage: page }) => {
    const bar = page.getByRole("navigation", { name: "Pasek główny" });
    for (const [name, path] of [
      ["Pogoda", "/weather"],
      ["Menu", "/menu"],
      ["Przełączniki", "/switches"],
      ["Kamery", "/cameras"],
      ["Start", "/"],
    ] as const) {
      await bar.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new URL(path, page.url()).href);
    }
  });

  test("the page has a title and a manifest loaded with credentials", async ({ loggedInPage: page }) => {
    await expect(page).toHaveTitle(/\S/);
    const manifest = page.locator('link[rel="manifest"]');
    await expect(manifest).toHaveAttribute("href", /manifest\.json$/);
    await expect(manifest).toHaveAttribute("crossorigin", "use-credentials");
  });

  test("the switches link's badge counts the switches that have no purpose", async ({ loggedInPage: page }) => {
    const response = await page.request.get("/api/v2/config/switches");
    expect(response.status()).toBe(200);
    const withoutPurpose = v
      .parse(SwitchListSchema, await response.json())
      .items.filter((s) => s.purpose === null).length;
    expect(withoutPurpose, "the demo household has switches without a purpose").toBeGreaterThan(0);
    const bar = page.getByRole("navigation", { name: "Pasek główny" });
    await expect(bar.getByTestId("switches-badge")).toBeVisible();
    await expect(bar.getByTestId("switches-badge")).toContainText(String(withoutPurpose));
    // The count is also what assistive technology hears on the link.
    await expect(bar.getByRole("link", { name: "Przełączniki", exact: true })).toHaveAccessibleDescription(
      new RegExp(`^${withoutPurpose}\\b`),
    );
  });
});

test.describe("switches screen", () => {
  test("marks as many switches 'bez przeznaczenia' as the badge counts, relays grouped under their switch", async ({
    loggedInPage: page,
  }) => {
    const bar = page.getByRole("navigation", { name: "Pasek główny" });
    await bar.getByRole("link", { name: "Przełączniki", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Przełączniki", level: 1 })).toBeVisible();
    await expect(bar.getByTestId("switches-badge")).toBeVisible();
    const badge = Number.parseInt((await bar.getByTestId("switches-badge").innerText()).trim(), 10);
    expect(badge, "the demo household has switches without a purpose").toBeGreaterThan(0);
    const marks = page.getByRole("main").getByText("bez przeznaczenia", { exact: true });
    await expect(marks).toHaveCount(badge);
    // The demo's power strip: one entry with its three relays under it (hub/household/demo.json).
    const listwa = page.getByTestId("switch-entry-listwa");
    await expect(listwa.getByText("bez przeznaczenia")).toHaveCount(1);
    await expect(listwa.getByRole("listitem")).toHaveText([/przekaźnik 1/, /przekaźnik 2/, /przekaźnik 3/]);
    await expectNoA11yViolations(page, "switches");
  });
});

test.describe("empty states", () => {
  test("/cameras shows the demo household's cameras, each linking to its live view (the empty state: src/app/tests/cameras.test.tsx)", async ({
    loggedInPage: page,
  }) => {
    await page.goto("/cameras");
    await expect(
      page.getByTestId("camera-grid").getByRole("link", { name: "Podgląd na żywo: Brama wjazdowa" }),
    ).toHaveAttribute("href", "/cameras/live?id=brama");
    await expect(page.getByRole("heading", { name: "Brak kamer" })).toHaveCount(0);
    await expectNoA11yViolations(page, "cameras");
  });

  test("no screen of the bar talks about later versions", async ({ loggedInPage: page }) => {
    for (const path of ["/switches", "/cameras", "/cameras/live?id=brama", "/menu"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const text = await page.getByRole("main").innerText();
      expect(text, path).not.toMatch(/pojawi się|pojawią się|kolejnej wersji|w przyszłości|jeszcze nie/i);
    }
  });
});

test.describe("menu", () => {
  test("settings are grouped under 'To urządzenie' and 'Konto', each saying what it does", async ({
    loggedInPage: page,
  }) => {
    await page.goto("/menu");
    const device = page.getByRole("region", { name: "To urządzenie" });
    const account = page.getByRole("region", { name: "Konto" });
    await expect(device.getByRole("group", { name: "Układ na tym urządzeniu" })).toBeVisible();
    await expect(device.getByRole("switch", { name: "Ekran zawsze włączony" })).toBeAttached();
    for (const name of ["Układ samochodowy", "Blokada powiększenia", "Powiadomienia"]) {
      const toggle = account.getByRole("switch", { name });
      await expect(toggle).toHaveAccessibleDescription(/\S{3,}/);
      const box = await toggle.boundingBox();
      expect(box?.height ?? 0, `${name} touch target`).toBeGreaterThanOrEqual(48);
    }
    await expectNoA11yViolations(page, "menu");
  });

  test("'Wyloguj' asks in a modal dialog: Escape and 'Anuluj' keep the session, 'Wyloguj' ends it", async ({
    loggedInPage: page,
  }) => {
    await page.goto("/menu");
    await page.getByRole("button", { name: "Wyloguj" }).click();
    const dialog = page.getByRole("dialog", { name: "Wylogować z tego urządzenia?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Anuluj" })).toBeFocused();
    // The kiosk's idle update waits while a dialog is open (src/platform/kiosk/idle.ts).
    expect(await page.evaluate(() => document.querySelector("dialog[open]") !== null)).toBe(true);
    await expectNoA11yViolations(page, "logout dialog");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: "Menu" })).toBeVisible();

    await page.getByRole("button", { name: "Wyloguj" }).click();
    await dialog.getByRole("button", { name: "Anuluj" }).click();
    await expect(dialog).toBeHidden();
    expect((await page.request.post("/api/auth/v1/session/validate", { data: {} })).status()).toBe(200);

    await page.getByRole("button", { name: "Wyloguj" }).click();
    await dialog.getByRole("button", { name: "Wyloguj" }).click();
    await expect(page.getByRole("heading", { name: "Logowanie" })).toBeVisible();
  });
});

test.describe("the menu drawer on a phone", () => {
  test("a Menu tap while the screen behind is still loading after a close opens a new drawer", async ({
    loggedInPage: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/menu");
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    // Home's code arrives slowly (a loaded tablet, a slow network): the menu stays mounted behind while it loads.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await drawer.getByRole("button", { name: "Zamknij menu" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page
      .getByRole("navigation", { name: "Pasek główny" })
      .getByRole("link", { name: "Menu", exact: true })
      .click();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Zamknij menu" })).toBeFocused();
  });
});
