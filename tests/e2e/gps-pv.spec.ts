import { fileURLToPath } from "node:url";
import { haversineMeters } from "../../contract/gps";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { startTestHub, type TestHub } from "./support/hub";

// The GPS cat tracker and PV logs end to end. GPS: the demo's simulated collar speaks
// OwnTracks (`owntracks/kot/mruczek`, _type location) into the embedded broker -> the hub's GPS
// service (distance from home by haversine) -> `gps/mruczek` -> the /gps screen and the home tile.
// With no tile server set (the default) the screen shows coordinates, distance, battery and
// freshness instead of a map. PV: the shipped sample log and a bad one through POST /pv/log.
const SIM = { simulator: true, env: { HUB_SIM_INTERVAL_MS: "1000" } } as const;
const DEMO_HOME = { lat: 52.16425, lon: 21.07853 }; // hub/household/demo.json gps.home
const sampleLog = fileURLToPath(new URL("../../hub/examples/pv-sample.csv", import.meta.url));
const badLog = fileURLToPath(new URL("../fixtures/pv-bad.csv", import.meta.url));

/** '52,16471° N, 21,07891° E' -> {lat, lon}. */
function coordinatesOf(text: string): { lat: number; lon: number } {
  const match = /([\d,]+)°\s*N, ([\d,]+)°\s*E/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no coordinates in ${text}`);
  return { lat: Number(match[1].replace(",", ".")), lon: Number(match[2].replace(",", ".")) };
}

test.describe("cat tracker and PV logs", () => {
  let hub: TestHub | undefined;
  test.afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  test("the simulated collar's OwnTracks fixes reach /gps as coordinates and distance with no tile server; notifications saved; the map with a tile server, and its fallback when tiles fail; PV sample and bad logs; axe", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    hub = await startTestHub(SIM);
    await loginThroughUi(page, { baseURL: hub.baseURL });

    // Home: the tracker's tile links to /gps.
    const tile = page.getByTestId("gps-tile-mruczek");
    await expect(tile).toBeVisible({ timeout: 15_000 });
    await expect(tile).toContainText("Mruczek");
    await page.getByRole("link", { name: /Pokaż lokalizator: Mruczek/ }).click();
    await expect(page).toHaveURL(/\/gps$/);

    // /gps: no tile server -> the notice, no map; coordinates and the hub's distance from home.
    const panel = page.getByTestId("gps-tracker-mruczek");
    await expect(panel.getByRole("heading", { name: "Mruczek" })).toBeVisible();
    await expect(page.getByTestId("gps-map-notice")).toContainText("nie ustawiono serwera kafelków");
    await expect(page.getByTestId("gps-map")).toHaveCount(0);
    const coordinates = page.getByTestId("gps-coordinates");
    await expect(coordinates).toHaveText(/^52,16\d{3}°\s*N, 21,07\d{3}°\s*E$/);
    await expect(page.getByTestId("gps-battery")).toHaveText(/^\d{1,3}\s%$/);
    await expect(page.getByTestId("gps-freshness")).toHaveText("Aktualne");
    const first = await coordinates.textContent();
    await expect(coordinates).not.toHaveText(first ?? "", { timeout: 10_000 }); // the cat walks: a new fix arrives
    // The distance shown is the haversine distance of the position shown (rounded, same fix).
    for (let attempt = 0; ; attempt++) {
      const [position, distance] = await Promise.all([
        coordinates.textContent(),
        page.getByTestId("gps-distance").textContent(),
      ]);
      const metres = Number(/^(\d+)\s*m$/.exec(distance ?? "")?.[1]);
      const expected = haversineMeters(DEMO_HOME, coordinatesOf(position ?? ""));
      if (Math.abs(metres - expected) <= 2 || attempt >= 5) {
        expect(Math.abs(metres - expected)).toBeLessThanOrEqual(2);
        break;
      }
    }
    await expect(page.getByTestId("gps-track-count")).toContainText(/Trasa z ostatnich 6 h: [1-9]\d* punktów/);
    await expectNoA11yViolations(page, "cat tracker without a tile server");

    // Notifications: off by default, switched on, still on after a reload (stored by the hub).
    const notifications = page.getByRole("switch", { name: "Powiadomienia" });
    await expect(notifications).not.toBeChecked();
    const answered = page.waitForResponse(
      (response) => response.url().endsWith("/api/v2/gps/notifications") && response.request().method() === "POST",
    );
    await notifications.click();
    expect(await (await answered).json()).toEqual({ item: { state: true } });
    await expect(notifications).toBeChecked();
    await page.reload();
    await expect(page.getByRole("switch", { name: "Powiadomienia" })).toBeChecked({ timeout: 15_000 });

    // A tile server (same origin here, answered by page.route with a real PNG): the map loads lazily
    // under the CSP with the cat's bundled marker; then tiles failing fall back to the facts.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    let tilesUp = true;
    await page.route("**/tiles/**", (route) =>
      tilesUp
        ? route.fulfill({ status: 200, contentType: "image/png", body: png })
        : route.fulfill({ status: 503, body: "" }),
    );
    await page.getByLabel("Adres serwera kafelków").fill(`${hub.baseURL}/tiles/{z}/{x}/{y}.png`);
    await page.getByRole("button", { name: "Zapisz" }).click();
    const map = page.getByTestId("gps-map");
    await expect(map).toBeVisible({ timeout: 15_000 });
    await expect(map.getByRole("img", { name: "Mruczek" })).toBeVisible();
    await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
    await expect(page.getByTestId("gps-distance")).toBeVisible();
    await expectNoA11yViolations(page, "cat tracker with the map");
    tilesUp = false;
    await map.getByRole("button", { name: "Zoom out" }).click(); // new tiles, now failing
    await expect(page.getByTestId("gps-map-notice")).toContainText("Nie udało się pobrać kafelków mapy", {
      timeout: 15_000,
    });
    await expect(page.getByTestId("gps-coordinates")).toBeVisible();

    // PV: the sample log -> rows and energy; the bad log -> the line named.
    await page.goto(`${hub.baseURL}/menu`);
    await page.getByRole("link", { name: "Fotowoltaika" }).click();
    await expect(page.getByRole("heading", { name: "Fotowoltaika", level: 1 })).toBeVisible();
    await expect(page.getByText("Nie wgrano jeszcze żadnego logu")).toBeVisible();
    const file = page.getByLabel("Plik z logiem (CSV)");
    await file.setInputFiles(sampleLog);
    await page.getByRole("button", { name: "Wyślij" }).click();
    await expect(page.getByTestId("pv-result-summary-rows")).toHaveText("61");
    await expect(page.getByTestId("pv-result-summary-energy")).toHaveText("40,098\u00a0kWh");
    await expect(page.getByTestId("pv-logs")).toContainText("pv-sample.csv");
    await file.setInputFiles(badLog);
    await page.getByRole("button", { name: "Wyślij" }).click();
    await expect(page.getByTestId("pv-error")).toHaveText("Błąd w wierszu 5: power: not a number");
    await expect(page.getByTestId("pv-logs").getByRole("listitem")).toHaveCount(1);
    await expectNoA11yViolations(page, "PV logs with a result and an error");
  });
});
