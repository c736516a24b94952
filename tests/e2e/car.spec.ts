import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { configuredSensors, expect, test } from "./support/fixtures";
import { loadFixture, nativeReading, publishDevice } from "./support/mqtt";

// The car dashboard (car layout), read at arm's length: speed from the tablet's
// geolocation, the lowest outdoor temperature without decimals, the time, big touch targets, day
// and night themes; once in English.

/** Emulates a GPS fix moving at `speed` m/s (CDP: Playwright's setGeolocation has no speed); null = no fix. */
async function emulateSpeed(page: Page, speed: number | null): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  if (speed === null) await cdp.send("Emulation.setGeolocationOverride", {});
  else
    await cdp.send("Emulation.setGeolocationOverride", { latitude: 52.2297, longitude: 21.0122, accuracy: 5, speed });
}

test.describe("car dashboard", () => {
  test("speed in km/h from geolocation, outdoor temperature without decimals, the time, 76 px targets, day and night, English", async ({
    loggedInPage: page,
    hub,
    context,
  }) => {
    test.setTimeout(60_000);
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 52.2297, longitude: 21.0122, accuracy: 5 });
    const outdoor = (await configuredSensors(page)).filter(
      (s) => s.kind === "temp" && ["balcony", "outside", "tunnel"].includes(s.place),
    );
    for (const [i, sensor] of outdoor.entries()) {
      const reading = nativeReading(sensor, i === 0 ? -4.6 : 8.2);
      await publishDevice(hub, reading.topic, reading.payload);
    }
    // The gate as its Tasmota shutter reports it (at rest, open), so its tile is there.
    await publishDevice(hub, "stat/brama/RESULT", loadFixture("tasmota/result_shutter_at_rest.json").payload);
    try {
      const chosen = await page.request.patch("/api/auth/v1/settings", {
        data: { key: "carDashboardSwitches", value: ["lampa_salon"] },
      });
      expect(chosen.status()).toBe(200);
      const preferences = await page.request.patch("/api/auth/v1/preferences", {
        data: { preferences: { appUi: "car" } },
      });
      expect(preferences.status()).toBe(200);
      await page.reload();
      const bar = page.getByRole("navigation", { name: "Pasek główny" });
      await expect(bar).toHaveAttribute("data-layout", "car");
      const d = bar.getByRole("link", { name: "Pulpit samochodowy" });
      await expect(d).toHaveText("D");
      await expect(d.locator("svg")).toHaveCount(1);
      await d.click();
      await expect(page).toHaveURL(/\/car-dashboard$/);

      await emulateSpeed(page, 25); // 25 m/s = 90 km/h
      const speed = page.getByTestId("car-speed");
      await expect(speed).toContainText("90");
      await expect(speed).toContainText("km/h");
      await expect(page.getByTestId("car-outdoor")).toContainText("−5°C");
      await expect(page.getByTestId("car-outdoor")).not.toContainText(",");
      const time = page.getByTestId("car-time").locator(".car-value__number");
      await expect(time).toHaveText(/^\d{1,2}:\d{2}$/);

      await emulateSpeed(page, 13.9); // 50,04 km/h shown as 50
      await expect(speed.locator(".car-value__number")).toHaveText("50");
      await emulateSpeed(page, null); // no fix: the speed is cleared
      await expect(speed.locator(".car-value__number")).toHaveText("—");
      await expect(speed).toContainText("Brak sygnału GPS");

      // Big touch targets for the driver.
      const theme = page.getByRole("button", { name: "Motyw nocny" });
      const gateClose = page.getByTestId("door-gate").getByRole("button", { name: "Zamknij" });
      const lamp = page.getByTestId("switch-tile-lampa_salon");
      for (const control of [theme, gateClose, lamp, d])
        expect((await control.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(76);

      // This panel's profile picks and orders the sections by id (PATCH /panels/{id}, as a panel's menu
      // sends it; the agent follows panels/revision): the garage first, then the switches, nothing else.
      const panelId = await page.evaluate(() => localStorage.getItem("panel.id"));
      await expect
        .poll(async () => ((await (await page.request.get("/api/v2/panels")).text()).includes(`${panelId}`) ? 1 : 0))
        .toBe(1);
      const sectionIds = () =>
        page
          .getByTestId("car-dashboard")
          .locator("[data-car-section]")
          .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-car-section")));
      const before = await sectionIds();
      expect([before[0], before.at(-1)]).toEqual(["switches", "garage"]);
      const profile = async (carButtons?: string[]) => {
        const answer = await page.request.patch(`/api/v2/panels/${panelId}`, {
          data: { profile: carButtons ? { carButtons } : {} },
        });
        expect(answer.status(), await answer.text()).toBe(200);
      };
      await profile(["garage", "nope", "switches"]);
      await expect.poll(sectionIds).toEqual(["garage", "switches"]);
      await expect(page.getByTestId("door-gate")).toBeVisible();
      await profile(["switches"]);
      await expect(page.getByTestId("door-gate")).toHaveCount(0);
      await expect(lamp).toBeVisible();
      await profile();
      await expect.poll(sectionIds).toEqual(before);

      // Day and night, both readable (axe: contrast).
      const dashboard = page.getByTestId("car-dashboard");
      const first = await dashboard.getAttribute("data-theme");
      await expectNoA11yViolations(page, `car dashboard (${first})`);
      await theme.click();
      await expect(dashboard).not.toHaveAttribute("data-theme", first ?? "");
      await expectNoA11yViolations(page, "car dashboard (other theme)");

      // English, once.
      await page.request.patch("/api/auth/v1/preferences", { data: { preferences: { locale: "en" } } });
      await page.reload();
      await emulateSpeed(page, 10);
      await expect(page.getByTestId("car-speed")).toContainText("Speed");
      await expect(page.getByTestId("car-speed").locator(".car-value__number")).toHaveText("36");
      await expect(page.getByRole("button", { name: "Night theme" })).toBeVisible();
      await expect(page.getByRole("navigation").getByRole("link", { name: "Car dashboard" })).toHaveText("D");
      await expectNoA11yViolations(page, "car dashboard in English");
    } finally {
      await page.request.patch("/api/auth/v1/settings", { data: { key: "carDashboardSwitches", value: [] } });
      await page.request.patch("/api/auth/v1/preferences", {
        data: { preferences: { appUi: "standard", locale: "pl" } },
      });
    }
  });
});
