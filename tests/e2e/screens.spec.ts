import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { configuredSensors, DEMO, expect, loginThroughUi, test } from "./support/fixtures";
import type { TestHub } from "./support/hub";
import { nativeReading, publishDevice, type Sensor } from "./support/mqtt";
import { overflowOf, SCREEN_ROUTES, SCREEN_SIZES, type ScreenSize } from "./support/screens";

// What exists must look finished: at the four sizes of STYLE.md every screen passes axe
// (WCAG 2 A/AA) and nothing overflows: the page never scrolls sideways, no value spills out of its
// tile. The readings are the widest the demo household can show ('1 010,4 hPa', '137,6 µg/m³',
// 'Zamknięte', '−23,5°C'), published as the devices' native payloads through the bridge.

/** The widest plausible reading per sensor kind. */
const WIDEST: Record<string, number> = {
  temp: -23.5,
  humid: 100,
  pressure: 1010.4,
  light: 54_321,
  pm25: 137.6,
  pm10: 237.6,
  batt: 100,
};

async function publishWidestReadings(hub: TestHub, sensors: Sensor[]): Promise<void> {
  for (const sensor of sensors) {
    if (sensor.kind === "door") {
      if (sensor.source.type !== "zigbee2mqtt") continue;
      await publishDevice(hub, `zigbee2mqtt/${sensor.source.device}`, { contact: true }); // closed: 'Zamknięte'
      continue;
    }
    const reading = nativeReading(sensor, WIDEST[sensor.kind] ?? 1000);
    await publishDevice(hub, reading.topic, reading.payload);
  }
}

/** Chooses the layout through the account preference (PATCH /preferences; a device without its own choice follows it). */
async function useLayout(page: Page, car: boolean): Promise<void> {
  const response = await page.request.patch("/api/auth/v1/preferences", {
    data: { preferences: { appUi: car ? "car" : "standard" } },
  });
  expect(response.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Pasek główny" })).toHaveAttribute(
    "data-layout",
    car ? "car" : "standard",
  );
}

async function expectScreenFinished(page: Page, size: ScreenSize, screen: string): Promise<void> {
  expect(await overflowOf(page), `overflow on ${screen} at ${size.name}`).toEqual([]);
  await expectNoA11yViolations(page, `${screen} at ${size.name}`);
}

test.describe("every screen at the four sizes", () => {
  for (const size of SCREEN_SIZES) {
    test(`${size.name}: no overflow and no axe violation on any screen`, async ({ browser, hub, baseURL }) => {
      test.setTimeout(240_000); // 35-45 s alone; up to 2 min beside two other workers on a 2-core machine
      const context = await browser.newContext({
        baseURL,
        viewport: { width: size.width, height: size.height },
        locale: "pl-PL",
        timezoneId: "Europe/Warsaw",
        serviceWorkers: "block",
        hasTouch: size.name.startsWith("phone"),
      });
      const page = await context.newPage();
      try {
        await page.goto("/");
        await expect(page.getByRole("heading", { name: "Logowanie" })).toBeVisible();
        await expectScreenFinished(page, size, "login");

        await loginThroughUi(page);
        await useLayout(page, size.car);
        const sensors = await configuredSensors(page);
        await publishWidestReadings(hub, sensors);
        await expect(page.locator('[data-freshness="fresh"]').first()).toBeVisible();

        const routes: string[] = [...SCREEN_ROUTES, ...(size.car ? ["/car-dashboard"] : [])];
        for (const route of routes) {
          await page.goto(route);
          await expect(page.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();
          await expect(page.locator("main, [role=main]").first()).toBeVisible();
          if (route === "/") await expect(page.getByText("1 010,4 hPa").first()).toBeVisible();
          await expectScreenFinished(page, size, route);
        }

        const locked = await page.request.post("/api/auth/v1/session/lock", { data: {} });
        expect(locked.status()).toBe(200);
        await page.reload();
        await expect(page.getByText("Dotknij, aby rozpocząć.")).toBeVisible();
        await expectScreenFinished(page, size, "lock (touch prompt)");
        await page.getByText("Dotknij, aby rozpocząć.").click();
        const unlock = page.getByRole("button", { name: "Odblokuj" });
        await expect(unlock).toBeInViewport({ ratio: 1 });
        await expectScreenFinished(page, size, "lock (PIN keypad)");
        for (const digit of DEMO.pin) await page.getByRole("button", { name: digit, exact: true }).click();
        await unlock.click();
        await expect(page.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();
      } finally {
        await page.request
          .patch("/api/auth/v1/preferences", { data: { preferences: { appUi: "standard" } } })
          .catch(() => undefined);
        await context.close();
      }
    });
  }
});
