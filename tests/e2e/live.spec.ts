import { configuredSensors, expect, loginThroughUi, pickSensor, test } from "./support/fixtures";
import { startTestHub, type TestHub } from "./support/hub";
import { loadFixture, nativeReading, publishDevice } from "./support/mqtt";

// Live sensors (DESIGN.md §3, spec §2 and §9): a device publishes its native payload, the hub
// bridges it to sensor/<kind>/<place>, the dashboard's tile changes.

const OUTDOOR_PLACES = ["balcony", "outside", "tunnel"];

test.describe("live sensor tiles", () => {
  test("a Tasmota tele/<t>/SENSOR payload published to the broker changes the tile live", async ({
    loggedInPage: page,
    hub,
  }) => {
    const fixture = loadFixture("tasmota/sensor_bme280.json");
    const sensors = await configuredSensors(page);
    const sensor = pickSensor(
      sensors,
      "Tasmota BME280 temperature sensor",
      (s) => s.kind === "temp" && s.source.type === "tasmota" && s.source.field === "BME280.Temperature",
    );
    if (sensor.source.type !== "tasmota") throw new Error("unreachable");
    const tile = page.getByTestId(`sensor-temp-${sensor.place}`);
    await expect(tile).toBeVisible();
    await expect(page.getByRole("status", { name: "Brak połączenia na żywo" })).toHaveCount(0);

    // The real BME280 message from Tasmota's docs, as device <sensor.source.device> sends it.
    await publishDevice(hub, `tele/${sensor.source.device}/SENSOR`, fixture.payload);
    await expect(tile.getByTestId("sensor-value")).toHaveText("21,7°C");
    await expect(tile.getByTestId("sensor-age")).toHaveText("teraz");
    await expect(tile).toHaveAttribute("data-freshness", "fresh");

    // A second reading replaces the first without a reload.
    await publishDevice(hub, `tele/${sensor.source.device}/SENSOR`, nativeReading(sensor, -3.5).payload);
    await expect(tile.getByTestId("sensor-value")).toHaveText("−3,5°C");
    await expect(tile.getByTestId("sensor-age")).toHaveText("teraz");
  });

  test("the lowest outdoor temperature box shows the lowest recent reading and hides under 460 px", async ({
    loggedInPage: page,
    hub,
  }) => {
    const sensors = await configuredSensors(page);
    const outdoor = sensors.filter((s) => s.kind === "temp" && OUTDOOR_PLACES.includes(s.place));
    expect(outdoor.length, "outdoor temperature sensors in the household").toBeGreaterThan(0);
    // The lowest of these readings is the one the box must show.
    const values = [-7.3, 4.2, 12.8];
    for (const [index, sensor] of outdoor.entries()) {
      const reading = nativeReading(sensor, values[index % values.length] ?? 0);
      await publishDevice(hub, reading.topic, reading.payload);
    }
    const box = page.getByTestId("outdoor-min");
    await expect(box).toBeVisible();
    await expect(box).toHaveAttribute("aria-label", "Najniższa temperatura na zewnątrz");
    await expect(box).toContainText("−7,3°C");

    await page.setViewportSize({ width: 440, height: 800 });
    await expect(box).toBeHidden();
    await page.setViewportSize({ width: 480, height: 800 });
    await expect(box).toBeVisible();
  });
});

test.describe("a reading never seen", () => {
  let ownHub: TestHub | undefined;
  test.afterEach(async () => {
    await ownHub?.close();
    ownHub = undefined;
  });

  test("is loading, not stale: 'Ładowanie…' until its first value, then the value, fresh", async ({ page }) => {
    ownHub = await startTestHub(); // its own hub: no retained reading from another test
    const hub = ownHub;
    await loginThroughUi(page, { baseURL: hub.baseURL });
    const sensor = pickSensor(
      await configuredSensors(page, hub.baseURL),
      "temperature sensor",
      (s) => s.kind === "temp",
    );
    const tile = page.getByTestId(`sensor-temp-${sensor.place}`);
    await expect(tile).toHaveAttribute("data-freshness", "loading");
    await expect(tile).toContainText("Ładowanie…");
    await expect(tile.getByTestId("sensor-age")).toHaveCount(0);
    await expect(page.getByText("Przestarzałe")).toHaveCount(0);
    await expect(page.locator('[data-freshness="stale"]')).toHaveCount(0);

    const reading = nativeReading(sensor, 12.5);
    await publishDevice(hub, reading.topic, reading.payload);
    await expect(tile.getByTestId("sensor-value")).toHaveText("12,5°C");
    await expect(tile).toHaveAttribute("data-freshness", "fresh");
    await expect(tile).not.toContainText("Ładowanie…");
  });
});
