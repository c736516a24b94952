import type { Locator, Page } from "@playwright/test";
import * as v from "valibot";
import { configuredSensors, expect, loginThroughUi, test } from "./support/fixtures";
import { startTestHub, type TestHub } from "./support/hub";
import { nativeReading, publishDevice } from "./support/mqtt";
import { SensorListSchema } from "../../contract/sensors";

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

// Layout per device: the car layout chosen in the car must not switch the wall tablet or a
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
      if (request.url().endsWith("/api/auth/v1/preferences") && request.method() === "PATCH")
        patches.push(request.url());
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

// The home screen and the bar at the sizes of STYLE.md: rooms with headings, targets of at
// least 48 px (76 px in the car), nothing sideways, nothing behind the bar, a spinner that moves nothing.

/** The hub's sensors with their rooms (GET /config/sensors of the shared contract). */
const RoomsSchema = SensorListSchema;

async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error("no layout box");
  return box;
}

async function useAccountLayout(page: Page, appUi: "car" | "standard"): Promise<void> {
  const response = await page.request.patch("/api/auth/v1/preferences", { data: { preferences: { appUi } } });
  expect(response.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Pasek główny" })).toHaveAttribute("data-layout", appUi);
}

const STANDARD_LINKS = ["Start", "Pogoda", "Menu", "Przełączniki", "Kamery"] as const;

test.describe("home screen and bar", () => {
  test("the tiles stand under the rooms of the hub's config, batteries small in their room's heading", async ({
    loggedInPage: page,
  }) => {
    const response = await page.request.get("/api/v2/config/sensors");
    const sensors = v.parse(RoomsSchema, await response.json()).items;
    const rooms = [...new Set(sensors.map((s) => s.room ?? "Pozostałe"))];
    expect(rooms.length, "rooms in the demo household").toBeGreaterThan(1);
    // The sensors' rooms only: home's later sections (lights, the garage) have headings of their own.
    await expect(page.getByTestId("sensor-rooms").getByRole("heading", { level: 2 })).toHaveText(rooms);
    for (const sensor of sensors) {
      const room = page.getByRole("region", { name: sensor.room ?? "Pozostałe", exact: true });
      const reading = room.getByTestId(`sensor-${sensor.kind}-${sensor.place}`);
      await expect(reading).toBeVisible();
      if (sensor.kind === "batt") await expect(reading).not.toHaveRole("article");
      else await expect(reading).toHaveRole("article");
    }
  });

  test("on a 390 px phone the bar's five links fit with their labels, each at least 48 px, and the page never scrolls sideways", async ({
    loggedInPage: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const bar = page.getByRole("navigation", { name: "Pasek główny" });
    for (const name of STANDARD_LINKS) {
      const link = bar.getByRole("link", { name, exact: true });
      await expect(link).toBeInViewport({ ratio: 1 });
      await expect(link).toContainText(name);
      const box = await boxOf(link);
      expect(Math.min(box.width, box.height), `${name} target`).toBeGreaterThanOrEqual(48);
    }
    await expect(bar.getByRole("link", { name: "Start", exact: true })).toHaveAttribute("aria-current", "page");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  });

  test("nothing hides behind the bottom bar: scrolled to the end, the last tile ends above it", async ({
    loggedInPage: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const tiles = page.getByRole("article");
    await expect(tiles.last()).toBeAttached();
    // Tiles may still arrive (retained readings, live families): scrolled to the end again each time,
    // the last tile must end above the bar.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const bar = await boxOf(page.getByRole("navigation", { name: "Pasek główny" }));
        const last = await boxOf(tiles.last());
        return Math.round(bar.y - (last.y + last.height));
      })
      .toBeGreaterThanOrEqual(0);
  });

  test("in the car layout the bar's links are at least 76 px", async ({ loggedInPage: page }) => {
    await page.setViewportSize({ width: 1024, height: 600 });
    try {
      await useAccountLayout(page, "car");
      const bar = page.getByRole("navigation", { name: "Pasek główny" });
      for (const name of ["Start", "Menu", "Pulpit samochodowy"]) {
        const box = await boxOf(bar.getByRole("link", { name, exact: true }));
        expect(Math.min(box.width, box.height), `${name} target`).toBeGreaterThanOrEqual(76);
      }
    } finally {
      await page.request.patch("/api/auth/v1/preferences", { data: { preferences: { appUi: "standard" } } });
    }
  });
});

test.describe("live spinner slot", () => {
  let ownHub: TestHub | undefined;
  test.afterEach(async () => {
    await ownHub?.close();
    ownHub = undefined;
  });

  test("the red spinner appears in its reserved slot: no link of the bar moves (spec §2)", async ({ page }) => {
    ownHub = await startTestHub(); // its own hub: this test stops it
    await page.setViewportSize({ width: 390, height: 844 });
    await loginThroughUi(page, { baseURL: ownHub.baseURL });
    const bar = page.getByRole("navigation", { name: "Pasek główny" });
    await expect(page.getByTestId("live-spinner")).toHaveCount(0);
    const before = await Promise.all(STANDARD_LINKS.map((name) => boxOf(bar.getByRole("link", { name, exact: true }))));

    await ownHub.stop();
    await expect(bar.getByRole("status", { name: "Brak połączenia na żywo" })).toBeVisible();
    const after = await Promise.all(STANDARD_LINKS.map((name) => boxOf(bar.getByRole("link", { name, exact: true }))));
    expect(after).toEqual(before);

    // Asked for reduced motion, the ring stands still: no animation keeps running (and drawing frames).
    const running = () =>
      page
        .getByTestId("live-spinner")
        .evaluate(
          (element) =>
            element.getAnimations({ subtree: true }).filter((animation) => animation.playState === "running").length,
        );
    expect(await running()).toBeGreaterThan(0);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect.poll(running).toBe(0);
  });
});
