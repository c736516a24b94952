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

// Layout per device (issue 6): the car layout chosen in the car must not switch the wall tablet or a
// phone of the same user. appUi stays the account's preference (spec §3); each device may override it.
test.describe("car layout on one device only", () => {
  test("chosen 'on this device' in the car, it leaves another device of the same user standard", async ({
    loggedInPage: car,
    browser,
    hub,
  }) => {
    const carBar = car.getByRole("navigation", { name: "Pasek główny" });
    await carBar.getByRole("link", { name: "Menu", exact: true }).click();
    const patches: string[] = [];
    car.on("request", (request) => {
      if (request.url().endsWith("/api/auth/v1/preferences") && request.method() === "PATCH") patches.push(request.url());
    });
    const device = car.getByRole("region", { name: "To urządzenie" });
    await device.getByRole("radio", { name: /^Samochodowy/ }).check();
    await expect(carBar).toHaveAttribute("data-layout", "car");
    await expect(carBar.getByRole("link", { name: "Pulpit samochodowy" })).toHaveText("D");
    expect(patches, "a device's own layout is not sent to the hub").toEqual([]);
    const account = await car.request.get("/api/auth/v1/preferences");
    expect(await account.json()).toMatchObject({ item: { appUi: "standard" } });

    // The wall tablet: another browser, same user.
    const wall = await browser.newContext({ baseURL: hub.baseURL, locale: "pl-PL", serviceWorkers: "block" });
    try {
      const wallPage = await wall.newPage();
      await wallPage.goto("/");
      await wallPage.getByLabel("Login", { exact: true }).fill("demo");
      await wallPage.getByLabel("Hasło", { exact: true }).fill("demo");
      await wallPage.getByLabel("Nazwa sesji", { exact: true }).fill("Tablet na ścianie");
      await wallPage.getByRole("button", { name: "Zaloguj się" }).click();
      const wallBar = wallPage.getByRole("navigation", { name: "Pasek główny" });
      await expect(wallBar).toHaveAttribute("data-layout", "standard");
      await expect(wallBar.getByRole("link", { name: "Pogoda", exact: true })).toBeVisible();
    } finally {
      await wall.close();
    }

    // The car keeps its choice after a reload, and 'Jak na koncie' follows the account again.
    await car.reload();
    await expect(carBar).toHaveAttribute("data-layout", "car");
    await carBar.getByRole("link", { name: "Menu", exact: true }).click();
    await device.getByRole("radio", { name: /^Jak na koncie/ }).check();
    await expect(carBar).toHaveAttribute("data-layout", "standard");
  });
});
