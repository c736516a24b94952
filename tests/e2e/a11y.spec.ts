import { expectNoA11yViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

// Accessibility (WCAG 2 A/AA with axe-core) of the three screens of issue 2.

test.describe("accessibility", () => {
  test("the login screen has no axe violations", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Logowanie" })).toBeVisible();
    await expectNoA11yViolations(page, "login");
  });

  test("the home screen has no axe violations", async ({ loggedInPage: page }) => {
    await expect(page.getByRole("heading", { name: "Czujniki" })).toBeAttached();
    await expectNoA11yViolations(page, "home");
  });

  test("the lock screen (touch prompt and PIN keypad) has no axe violations", async ({ loggedInPage: page }) => {
    const locked = await page.request.post("/api/auth/v1/session/lock", { data: {} });
    expect(locked.status()).toBe(200);
    await page.reload();
    await expect(page.getByText("Dotknij, aby rozpocząć.")).toBeVisible();
    await expectNoA11yViolations(page, "lock (touch prompt)");
    await page.getByText("Dotknij, aby rozpocząć.").click();
    await expect(page.getByText("Sesja zablokowana, wprowadź PIN")).toBeVisible();
    await expectNoA11yViolations(page, "lock (PIN keypad)");
  });
});
