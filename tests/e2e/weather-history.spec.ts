import { expectNoA11yViolations } from "./support/axe";
import { configuredSensors, expect, loginThroughUi, pickSensor, test } from "./support/fixtures";
import { startTestHub, type TestHub } from "./support/hub";
import { loadFixture, nativeReading, publishDevice } from "./support/mqtt";

// The weather screen from real device payloads (Tasmota SENSOR through the hub's bridge
// and the embedded broker), and a sensor's chart of the day from what the hub recorded.

test.describe("weather and the chart of the day", () => {
  let ownHub: TestHub | undefined;
  test.afterEach(async () => {
    await ownHub?.close();
    ownHub = undefined;
  });

  test("live outdoor values with air quality and freshness; the balcony's day recorded by the hub, 'Dzisiaj' in the date picker", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    ownHub = await startTestHub(); // its own hub: the recorded history is this test's alone
    const hub = ownHub;
    await loginThroughUi(page, { baseURL: hub.baseURL });
    const sensors = await configuredSensors(page, hub.baseURL);
    const balconyTemp = pickSensor(
      sensors,
      "Tasmota BME280 temperature",
      (s) => s.kind === "temp" && s.source.type === "tasmota" && s.source.field === "BME280.Temperature",
    );
    const pm = pickSensor(sensors, "Tasmota SDS011 PM2.5", (s) => s.kind === "pm25" && s.source.type === "tasmota");
    if (balconyTemp.source.type !== "tasmota" || pm.source.type !== "tasmota") throw new Error("unreachable");

    await page.getByRole("navigation", { name: "Pasek główny" }).getByRole("link", { name: "Pogoda" }).click();
    await expect(page.getByRole("heading", { name: "Pogoda", level: 1 })).toBeVisible();
    const air = page.getByTestId(`air-quality-${pm.place}`);
    await expect(air).toHaveAttribute("data-class", "unknown");
    await expect(air.getByTestId("air-quality-class")).toHaveText("Nieznana");

    // Real payloads: Tasmota's BME280 example and an SDS011 particulate sensor.
    await publishDevice(
      hub,
      `tele/${balconyTemp.source.device}/SENSOR`,
      loadFixture("tasmota/sensor_bme280.json").payload,
    );
    await publishDevice(hub, `tele/${pm.source.device}/SENSOR`, loadFixture("tasmota/sensor_sds011_pm.json").payload);
    const temp = page.getByTestId(`sensor-temp-${balconyTemp.place}`);
    await expect(temp.getByTestId("sensor-value")).toHaveText("21,7°C");
    await expect(temp).toHaveAttribute("data-freshness", "fresh");
    await expect(temp.getByTestId("sensor-age")).toHaveText("teraz");
    await expect(page.getByTestId(`sensor-humid-${balconyTemp.place}`).getByTestId("sensor-value")).toHaveText(
      "66,6 %",
    );
    await expect(page.getByTestId(`sensor-pressure-${balconyTemp.place}`).getByTestId("sensor-value")).toHaveText(
      "988,6 hPa",
    );
    await expect(air.getByTestId("air-quality-class")).toHaveText("Dobra");
    await expect(air.getByTestId("air-quality-pm25")).toHaveText("2,1 µg/m³");
    await expect(page.getByTestId("outdoor-min")).toContainText("21,7°C");

    // PM2.5 at 25 makes the air bad (spec §9), live.
    await publishDevice(hub, `tele/${pm.source.device}/SENSOR`, { SDS0X1: { "PM2.5": 25, PM10: 30.2 } });
    await expect(air).toHaveAttribute("data-class", "bad");
    await expect(air.getByTestId("air-quality-class")).toHaveText("Zła");
    await expect(air.getByTestId("air-quality-pm10")).toHaveText("30,2 µg/m³");
    await expectNoA11yViolations(page, "weather");

    // A second balcony reading: the hub has recorded both.
    await publishDevice(hub, `tele/${balconyTemp.source.device}/SENSOR`, nativeReading(balconyTemp, 19.5).payload);
    await expect(temp.getByTestId("sensor-value")).toHaveText("19,5°C");
    await temp.getByRole("button", { name: `Wykres dnia: Temperatura: ${balconyTemp.label}` }).click();
    const dialog = page.getByRole("dialog", { name: `Wykres dnia: Temperatura, ${balconyTemp.label}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("history-chart").locator("canvas")).toBeVisible();
    await expect(dialog.getByTestId("history-min")).toHaveText("19,5°C");
    await expect(dialog.getByTestId("history-max")).toHaveText("21,7°C");
    await expect(dialog.getByTestId("history-current")).toHaveText("19,5°C");
    const today = await dialog.getByTestId("history-day").textContent();
    const expectedDate = await page.evaluate(() =>
      new Intl.DateTimeFormat("pl-PL", { day: "numeric", month: "long", year: "numeric" }).format(new Date()),
    );
    expect(today).toContain(expectedDate.replace(/\s*r\.$/, "")); // '22 listopada 2026', Polish month names

    // Another day (the 1st of last month, from the Monday-first month view) has nothing recorded.
    await dialog.getByRole("button", { name: "Wybierz dzień" }).click();
    await dialog.getByRole("button", { name: "Poprzedni miesiąc" }).click();
    await expect(dialog.locator(".date-picker__weekday").first()).toHaveAttribute("title", "poniedziałek"); // weeks start on Monday
    await dialog.locator('.date-picker__day[data-outside="false"]').first().click();
    await expect(dialog.getByText("Brak zapisanych odczytów tego dnia.", { exact: false })).toBeVisible();
    await expect(dialog.getByTestId("history-day")).not.toHaveText(today ?? "");
    // 'Dzisiaj' selects the current time: today's chart again.
    await dialog.getByRole("button", { name: "Dzisiaj" }).click();
    await expect(dialog.getByTestId("history-day")).toHaveText(today ?? "");
    await expect(dialog.getByTestId("history-chart").locator("canvas")).toBeVisible();
    await expectNoA11yViolations(page, "chart of the day");
    await dialog.getByRole("button", { name: "Zamknij" }).click();
    await expect(dialog).toHaveCount(0);

    // The same chart opens from the home screen's tile, in its own lazily loaded chunk.
    await page.getByRole("navigation", { name: "Pasek główny" }).getByRole("link", { name: "Start" }).click();
    await expect(
      page
        .getByTestId("calendar")
        .or(page.getByTestId(`sensor-temp-${balconyTemp.place}`))
        .first(),
    ).toBeVisible();
    await page.getByTestId(`sensor-temp-${balconyTemp.place}`).getByTestId("sensor-history").click();
    await expect(page.getByRole("dialog").getByTestId("history-max")).toHaveText("21,7°C");
  });
});
