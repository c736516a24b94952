import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { startTestHub, type TestHub } from "./support/hub";
import { startIrBlaster } from "./support/ir-blaster";
import { startMosquitto, type TestMosquitto } from "./support/mosquitto";
import { loadFixture, publishDevice } from "./support/mqtt";
import { startTasmota, type TestTasmota } from "./support/tasmota";

// Heater and air conditioning end to end (spec §3, §7). Heater: the panel -> POST
// heater/config/{mode} / PATCH heater/config -> the hub's thermostat -> Tasmota cmnd/grzejnik/POWER
// -> the relay's stat/ answer -> power/grzejnik/POWER -> heater/state -> the tile. AC: the panel ->
// POST /ac/salon -> cmnd/klima_salon/IRHVAC {json} -> the IR blaster's stat/klima_salon/RESULT
// {"IRHVAC":{...}} -> the bridge -> ac/salon -> the tile.

/** A Tasmota BME280 reading of `temperature` °C on the demo's balcony sensor (fixture sensor_bme280.json's shape). */
function balconyReading(temperature: number): Record<string, unknown> {
  const fixture = loadFixture("tasmota/sensor_bme280.json").payload as { BME280: Record<string, number> };
  return { ...(fixture as Record<string, unknown>), BME280: { ...fixture.BME280, Temperature: temperature } };
}

test.describe("heater and air conditioning with the embedded broker", () => {
  let hub: TestHub | undefined;
  const devices: TestTasmota[] = [];
  test.afterEach(async () => {
    for (const device of devices.splice(0)) await device.close();
    await hub?.close();
    hub = undefined;
  });

  test("heater mode, target and sensor through the relay; AC mode and target confirmed by the IR blaster; invalid values refused; a silent blaster gives the toast; axe on both panels", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    hub = await startTestHub();
    const relay = await startTasmota(hub, "grzejnik", 1);
    const blaster = await startIrBlaster(hub, "klima_salon");
    devices.push(relay, blaster);
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/`);

    // Heater: manual on switches the relay; the relay's answer is what the tile shows.
    const heaterTile = page.getByTestId("heater-tile");
    await expect(heaterTile).toHaveAttribute("data-relay", "OFF");
    await expect(heaterTile).toContainText("Nie grzeje");
    await page.getByRole("button", { name: "Ustawienia: Ogrzewanie" }).click();
    const heater = page.getByRole("dialog", { name: "Ogrzewanie" });
    await expect(heater).toBeVisible();
    await expectNoA11yViolations(page, "heater panel");
    await heater.getByRole("button", { name: "Włączone" }).click();
    await expect(heaterTile).toHaveAttribute("data-relay", "ON");
    await expect(heaterTile).toContainText("Grzeje");
    await expect(heater.getByRole("button", { name: "Włączone" })).toHaveAttribute("aria-pressed", "true");
    expect(relay.commands).toEqual([{ topic: "cmnd/grzejnik/POWER", payload: "ON", retain: false, qos: 1 }]);

    // Target +0.5 °C, the balcony as the controlling sensor, then auto: 21.7 °C is within 21.5 ± 0.3, the relay stays on.
    await heater.getByRole("button", { name: "Podnieś temperaturę docelową" }).click();
    await expect(heater.locator("output")).toHaveText("21,5°C");
    await heater.getByLabel("Czujnik sterujący").selectOption({ label: "Balkon" });
    await expect(heater).toContainText("Teraz (Balkon)");
    await publishDevice(hub, "tele/balkon/SENSOR", balconyReading(21.7));
    await expect(heater).toContainText("21,7°C");
    await heater.getByRole("button", { name: "Automatyczne" }).click();
    await expect(heaterTile).toHaveAttribute("data-mode", "auto");
    await expect(heaterTile).toHaveAttribute("data-relay", "ON");
    // Warm enough (>= 21.8 °C): the thermostat turns the relay off.
    await publishDevice(hub, "tele/balkon/SENSOR", balconyReading(22));
    await expect(heaterTile).toHaveAttribute("data-relay", "OFF");
    await expect(heaterTile).toContainText("Nie grzeje");
    expect(relay.commands.map((c) => `${c.topic} ${c.payload}`)).toEqual([
      "cmnd/grzejnik/POWER ON",
      "cmnd/grzejnik/POWER OFF",
    ]);
    await heater.getByRole("button", { name: "Zamknij" }).click();
    await expect(heater).toBeHidden();

    // AC: mode and target, each confirmed by the blaster's IRHVAC answer.
    const acTile = page.getByTestId("ac-tile-salon");
    await page.getByRole("button", { name: "Ustawienia: Klimatyzacja" }).click();
    const ac = page.getByRole("dialog", { name: "Klimatyzacja" });
    await expect(ac).toBeVisible();
    await expectNoA11yViolations(page, "AC panel");
    await ac.getByRole("button", { name: "Chłodzenie" }).click();
    await expect(ac.getByRole("button", { name: "Chłodzenie" })).toHaveAttribute("aria-pressed", "true");
    await expect(acTile).toContainText("Chłodzenie");
    await ac.getByRole("button", { name: "Podnieś temperaturę docelową" }).click();
    await expect(ac.locator("output")).toHaveText("22,5°C");
    await expect(acTile).toHaveAttribute("data-pending", "false");
    expect(blaster.commands.map((c) => [c.topic, JSON.parse(c.payload) as unknown, c.retain, c.qos])).toEqual([
      [
        "cmnd/klima_salon/IRHVAC",
        { Vendor: "COOLIX", Power: "On", Mode: "Cool", FanSpeed: "Auto", Celsius: "On", Temp: 22 },
        false,
        1,
      ],
      [
        "cmnd/klima_salon/IRHVAC",
        { Vendor: "COOLIX", Power: "On", Mode: "Cool", FanSpeed: "Auto", Celsius: "On", Temp: 22.5 },
        false,
        1,
      ],
    ]);

    // Invalid values: refused by the hub with a message naming the field; nothing reaches a device.
    const badAc = await page.request.post(`${hub.baseURL}/api/v2/ac/salon`, { data: { targetTemperature: 45 } });
    expect(badAc.status()).toBe(400);
    expect(((await badAc.json()) as { message: string }).message).toMatch(/^targetTemperature: /);
    const badHeater = await page.request.patch(`${hub.baseURL}/api/v2/heater/config`, { data: { temperature: 2 } });
    expect(badHeater.status()).toBe(400);
    expect(((await badHeater.json()) as { message: string }).message).toMatch(/^temperature: /);
    expect(blaster.commands).toHaveLength(2);

    // A silent blaster: pending, then back to the real mode with the toast.
    blaster.answering = false;
    await ac.getByRole("button", { name: "Grzanie" }).click();
    await expect(acTile).toHaveAttribute("data-pending", "true");
    await expect(page.getByText("Urządzenie nie odpowiedziało")).toBeVisible({ timeout: 8_000 });
    await expect(acTile).toHaveAttribute("data-pending", "false");
    await expect(ac.getByRole("button", { name: "Chłodzenie" })).toHaveAttribute("aria-pressed", "true");
    expect(JSON.parse(blaster.commands[2]?.payload ?? "{}")).toMatchObject({ Mode: "Heat", Temp: 22.5 });

    // LWT Offline: 'Niedostępne', controls disabled.
    await blaster.publish("tele/klima_salon/LWT", "Offline", true);
    await expect(ac).toContainText("Niedostępne");
    await expect(ac.getByRole("button", { name: "Grzanie" })).toBeDisabled();
  });
});

test.describe("air conditioning with Mosquitto as the household broker", () => {
  let broker: TestMosquitto | undefined;
  let hub: TestHub | undefined;
  let blaster: TestTasmota | undefined;
  test.afterEach(async () => {
    await blaster?.close();
    await hub?.close();
    await broker?.close();
    blaster = undefined;
    hub = undefined;
    broker = undefined;
  });

  test("an IR blaster on Mosquitto: mode press -> pending -> confirmed by its IRHVAC answer", async ({ page }) => {
    test.setTimeout(60_000);
    broker = await startMosquitto();
    hub = await startTestHub({ mqttUrl: broker.hubUrl, mqttWsUrl: broker.wsUrl });
    blaster = await startIrBlaster({ mqttTcpUrl: broker.tcpUrl, deviceLogin: broker.deviceLogin }, "klima_salon");
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/`);
    await page.getByRole("button", { name: "Ustawienia: Klimatyzacja" }).click();
    const ac = page.getByRole("dialog", { name: "Klimatyzacja" });
    await ac.getByRole("button", { name: "Osuszanie" }).click();
    await expect(ac.getByRole("button", { name: "Osuszanie" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("ac-tile-salon")).toContainText("Osuszanie");
    expect(blaster.commands.map((c) => c.topic)).toEqual(["cmnd/klima_salon/IRHVAC"]);
  });
});
