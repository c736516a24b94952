import { configuredSensors, expect, loginThroughUi, pickSensor, test } from "./support/fixtures";
import { loadFixture, nativeReading, publishDevice } from "./support/mqtt";

// The hub and the dashboard against Debian's Mosquitto as the household broker, configured as
// hub/examples/mosquitto: the hub logs in as `hub` (HUB_MQTT_URL), each device with its own user,
// and the browser with the read-only `dashboard` login inside HUB_MQTT_WS_URL, which the hub hands
// to the logged-in page as mqttConnectionString (mqtt.js takes the credentials from the URL).

test.describe("external broker (Mosquitto)", () => {
  test("login, a device reading through Mosquitto reaches its tile, broker restart shows and clears the spinner", async ({
    page,
    household,
  }) => {
    test.setTimeout(120_000);
    const { hub, broker: started, device } = await household({ broker: "mosquitto" });
    if (started === undefined) throw new Error("household({ broker: 'mosquitto' }) started no Mosquitto");
    const broker = started;

    await loginThroughUi(page, { baseURL: hub.baseURL });
    const config = await page.request.get(`${hub.baseURL}/api/v2/config`);
    expect(await config.json()).toMatchObject({ item: { mqttConnectionString: broker.wsUrl } });
    const spinner = page.getByTestId("live-spinner");
    await expect(spinner).toHaveCount(0);

    const sensor = pickSensor(
      await configuredSensors(page, hub.baseURL),
      "Tasmota BME280 temperature sensor",
      (s) => s.kind === "temp" && s.source.type === "tasmota" && s.source.field === "BME280.Temperature",
    );
    if (sensor.source.type !== "tasmota") throw new Error("unreachable");
    const tile = page.getByTestId(`sensor-temp-${sensor.place}`);
    await publishDevice(
      device,
      `tele/${sensor.source.device}/SENSOR`,
      loadFixture("tasmota/sensor_bme280.json").payload,
    );
    await expect(tile.getByTestId("sensor-value")).toHaveText("21,7°C");

    await broker.stop();
    await expect(spinner).toBeVisible();
    await broker.start();
    await expect(spinner).toHaveCount(0, { timeout: 15_000 });

    // The hub reconnected too: a new reading still travels device -> Mosquitto -> hub -> Mosquitto -> page.
    const reading = nativeReading(sensor, 5.5);
    await expect(async () => {
      await publishDevice(device, reading.topic, reading.payload);
      await expect(tile.getByTestId("sensor-value")).toHaveText("5,5°C", { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  });
});
