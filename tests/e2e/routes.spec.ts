import * as v from "valibot";
import { expect, test } from "./support/fixtures";

const SwitchListSchema = v.object({
  items: v.array(v.object({ name: v.string(), label: v.string(), purpose: v.nullable(v.string()) })),
});

// Routes of issue 2 (spec §2) and the required query parameter rule (spec §5).

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
    const withoutPurpose = v.parse(SwitchListSchema, await response.json()).items.filter((s) => s.purpose === null).length;
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
