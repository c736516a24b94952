import { configuredSensors, expect, test } from "./support/fixtures";
import { nativeReading, publishDevice } from "./support/mqtt";

// Car layout (spec §2 top bar, §9 lowest outdoor temperature: no decimals in the car layout).

test.describe("car layout", () => {
  test("toggled in the menu: the bar moves to the right with the D button, the outdoor box has no decimals", async ({
    loggedInPage: page,
    hub,
  }) => {
    const outdoor = (await configuredSensors(page)).filter(
      (s) => s.kind === "temp" && ["balcony", "outside", "tunnel"].includes(s.place),
    );
    expect(outdoor.length, "outdoor temperature sensors in the household").toBeGreaterThan(0);
    for (const sensor of outdoor) {
      const reading = nativeReading(sensor, -6.4);
      await publishDevice(hub, reading.topic, reading.payload);
    }
    const bar = page.getByRole("navigation", { name: "Pasek główny" });
    await expect(page.getByTestId("outdoor-min")).toContainText("−6,4°C");

    try {
      await bar.getByRole("link", { name: "Menu", exact: true }).click();
      const saved = page.waitForResponse(
        (r) => r.url().endsWith("/api/auth/v1/preferences") && r.request().method() === "PATCH",
      );
      await page.getByLabel("Układ samochodowy", { exact: true }).click();
      expect((await saved).status()).toBe(200);

      await expect(bar).toHaveAttribute("data-layout", "car");
      const d = bar.getByRole("link", { name: "Pulpit samochodowy" });
      await expect(d).toHaveText("D");
      await expect(bar.getByRole("link", { name: "Start", exact: true })).toBeVisible();
      await expect(bar.getByRole("link", { name: "Menu", exact: true })).toBeVisible();
      await expect(bar.getByRole("link", { name: "Pogoda", exact: true })).toHaveCount(0);

      // Vertical, on the right edge of the viewport.
      const viewport = page.viewportSize();
      const box = await bar.boundingBox();
      if (viewport === null || box === null) throw new Error("no layout box for the top bar");
      expect(box.height).toBeGreaterThan(box.width);
      expect(Math.abs(box.x + box.width - viewport.width)).toBeLessThanOrEqual(2);

      await bar.getByRole("link", { name: "Start", exact: true }).click();
      await expect(page.getByTestId("outdoor-min")).toContainText("−6°C");
      await expect(page.getByTestId("outdoor-min")).not.toContainText(",");

      await d.click();
      await expect(page).toHaveURL(/\/car-dashboard$/);
    } finally {
      // Preferences are per user and the hub is shared by the worker's tests: restore the default.
      await page.request.patch("/api/auth/v1/preferences", { data: { preferences: { appUi: "standard" } } });
    }
  });
});
