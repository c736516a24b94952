import type { Page } from "@playwright/test";
import * as v from "valibot";
import { PanelCommandsAnswerSchema, PanelsAnswerSchema, type PanelCommandBody } from "../../contract/panels";
import { closeContext, configuredSensors, expect, loginThroughUi, pickSensor, test } from "./support/fixtures";
import { loadFixture, nativeReading, publishDevice } from "./support/mqtt";

// The hub and the dashboard against Debian's Mosquitto as the household broker, configured as
// hub/examples/mosquitto: the hub logs in as `hub` (HUB_MQTT_URL), each device with its own user,
// and the browser with the read-only `dashboard` login inside HUB_MQTT_WS_URL, which the hub hands
// to the logged-in page as mqttConnectionString (mqtt.js takes the credentials from the URL).

/** Samples the page's live-connection spinner every 200 ms for `ms`; answers how many samples showed it. */
function spinnerSamples(page: Page, ms: number): Promise<number> {
  return page.evaluate(async (duration) => {
    let shown = 0;
    for (let waited = 0; waited < duration; waited += 200) {
      if (document.querySelector('[data-testid="live-spinner"]')) shown += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return shown;
  }, ms);
}

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

  test("panels: a command reaches only its panel through Mosquitto's client-id rule; a second tab of the panel neither steals it nor flaps, and takes over when the first closes", async ({
    page,
    browser,
    household,
  }) => {
    test.setTimeout(90_000);
    const { hub } = await household({ broker: "mosquitto" });
    await loginThroughUi(page, { baseURL: hub.baseURL, sessionName: "Tablet w kuchni" });
    const other = await browser.newContext({ baseURL: hub.baseURL, serviceWorkers: "block" });
    try {
      const phone = await other.newPage();
      await loginThroughUi(phone, { baseURL: hub.baseURL, sessionName: "Telefon Ani" });
      let kitchen = "";
      await expect
        .poll(async () => {
          const response = await phone.request.get(`${hub.baseURL}/api/v2/panels`);
          const items = v.parse(PanelsAnswerSchema, await response.json()).items;
          kitchen = items.find((item) => item.name === "Tablet w kuchni")?.id ?? "";
          return kitchen !== "" && items.some((item) => item.name === "Telefon Ani");
        })
        .toBe(true);
      // The kitchen tablet's live channel reconnected with its command channel as client id.
      await expect.poll(() => page.evaluate(() => localStorage.getItem("live.clientId"))).toMatch(/^c-[0-9a-f]{32}$/);

      const send = async (command: PanelCommandBody) => {
        const response = await phone.request.post(`${hub.baseURL}/api/v2/panels/commands`, {
          data: { target: { to: "panel", panelId: kitchen }, command },
        });
        expect(response.status()).toBe(202);
        expect(v.parse(PanelCommandsAnswerSchema, await response.json()).item.sent).toBe(1);
      };
      // Sent again until the reconnect with the channel is through (a command is not queued for a panel offline).
      await expect(async () => {
        await send({ type: "navigate", to: "/weather" });
        await expect(page).toHaveURL(/\/weather$/, { timeout: 1_500 });
      }).toPass({ timeout: 20_000 });
      await expect(phone).toHaveURL(new RegExp(`^${hub.baseURL}/?$`));

      // A second tab of the kitchen tablet (same panel, same session): it connects with a random client id,
      // so neither tab knocks the other off Mosquitto, and the command goes to the tab holding the channel.
      const secondTab = await page.context().newPage();
      await secondTab.goto(hub.baseURL);
      await expect(secondTab.getByRole("navigation", { name: "Pasek główny" })).toBeVisible();
      await expect(secondTab.getByTestId("live-spinner")).toHaveCount(0);
      const [first, second] = await Promise.all([spinnerSamples(page, 3_000), spinnerSamples(secondTab, 3_000)]);
      expect({ first, second }).toEqual({ first: 0, second: 0 });
      await send({ type: "navigate", to: "/gps" });
      await expect(page).toHaveURL(/\/gps$/);
      await expect(secondTab).toHaveURL(new RegExp(`^${hub.baseURL}/?$`));

      // The first tab closes: the second takes the channel over and carries out the next command.
      await page.close();
      await expect(async () => {
        await send({ type: "navigate", to: "/weather" });
        await expect(secondTab).toHaveURL(/\/weather$/, { timeout: 1_500 });
      }).toPass({ timeout: 20_000 });
      await expect(phone).toHaveURL(new RegExp(`^${hub.baseURL}/?$`));
    } finally {
      await closeContext(other);
    }
  });
});
