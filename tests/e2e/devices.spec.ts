import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test, type Household } from "./support/fixtures";
import { repoRoot } from "./support/hub";
import { loadFixture } from "./support/mqtt";
import { startTasmota } from "./support/tasmota";
import { startZigbee2Mqtt, type BridgeEntry } from "./support/zigbee2mqtt";

// Every device a household owns, without writing JSON: a Zigbee2MQTT gateway publishes its own
// bridge/devices (fifteen real models' definitions built with zigbee-herdsman-converters) and the
// devices' states; a Tasmota 2-relay device with a BME280 announces itself with Tasmota's native
// discovery. Through the broker (embedded, and Mosquitto) and the hub to /devices, the capability
// tiles, home and the devices' own commands: a plug adopted and pressed, a blind moved to 50 %, a
// valve's set point raised, a leak alarm on home and every screen, the Tasmota relay 2 switched with no hand configuration.

/** A fixture file's payload as written (loadFixture's schema would read a list as a record). */
const payloadOf = (file: string): unknown =>
  (JSON.parse(readFileSync(join(repoRoot, "tests", "fixtures", file), "utf8")) as { payload: unknown }).payload;
const ENTRIES = payloadOf("zigbee2mqtt/bridge_devices_household.json") as BridgeEntry[];
const STATES = loadFixture("zigbee2mqtt/household_states.json").payload as Record<string, Record<string, unknown>>;
const TASMOTA_CONFIG = loadFixture("tasmota/discovery_relay2_bme280_config.json");
const TASMOTA_SENSORS = loadFixture("tasmota/discovery_relay2_bme280_sensors.json");
const TASMOTA_TOPIC = "tasmota_B34C5D";

const rowOf = (page: Page, id: string) => page.getByTestId(`device-row-${id}`);

/** Opens device `name`'s detail from /devices (its row's button) and answers the dialog. */
async function openDevice(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
  const detail = page.getByRole("dialog", { name });
  await expect(detail).toBeVisible();
  return detail;
}

/** Closes a device's detail and waits until it is gone (its closing animation over). */
async function closeDevice(detail: Locator): Promise<void> {
  await detail.getByRole("button", { name: "Zamknij okno" }).click();
  await expect(detail).toBeHidden();
}

async function householdOfDevices(page: Page, household: (options?: object) => Promise<Household>, broker: string) {
  const dir = mkdtempSync(join(tmpdir(), "e2e-discovery-"));
  const config = join(dir, "household.json");
  writeFileSync(config, JSON.stringify({})); // nothing written by hand: every device comes from discovery
  const started = await household({ env: { HUB_CONFIG: config }, ...(broker === "mosquitto" ? { broker } : {}) });
  const gateway = await startZigbee2Mqtt(started.device, ENTRIES, STATES);
  await loginThroughUi(page, { baseURL: started.hub.baseURL });
  return { ...started, gateway, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

for (const broker of ["embedded", "mosquitto"] as const) {
  test(`a Zigbee2MQTT household and a Tasmota device found by discovery, adopted and controlled from their tiles (${broker} broker)`, async ({
    page,
    household,
  }) => {
    test.setTimeout(180_000);
    const { hub, device, gateway, cleanup } = await householdOfDevices(page, household, broker);
    const tasmota = await startTasmota(device, TASMOTA_TOPIC, 2);
    try {
      await tasmota.publish(TASMOTA_CONFIG.topic ?? "", JSON.stringify(TASMOTA_CONFIG.payload), true);
      await tasmota.publish(TASMOTA_SENSORS.topic ?? "", JSON.stringify(TASMOTA_SENSORS.payload), true);

      // Every device is on /devices, from the bar's menu, with its model and availability.
      await page.goto(`${hub.baseURL}/menu`);
      await page.getByRole("link", { name: /^Urządzenia/ }).click();
      await expect(page.getByRole("heading", { name: "Urządzenia", level: 1 })).toBeVisible();
      const list = page.getByTestId("device-list");
      await expect(list.getByRole("listitem")).toHaveCount(16, { timeout: 20_000 }); // 15 Zigbee + 1 Tasmota
      await expect(rowOf(page, "zigbee2mqtt:Kitchen plug")).toContainText("SP-EUC01");
      await expect(rowOf(page, "zigbee2mqtt:Kitchen plug")).toContainText("Dostępne");
      await expect(rowOf(page, `tasmota:${TASMOTA_TOPIC}`)).toContainText("Sonoff Dual R2");
      await expectNoA11yViolations(page, "/devices with a discovered household");

      // The plug, adopted for the kitchen on home, pressed from its tile: the /set payload on the
      // broker, pending until the plug's own state confirms.
      const plug = await openDevice(page, "Kitchen plug");
      await plug.getByLabel("Nazwa", { exact: true }).fill("Czajnik");
      await plug.getByLabel("Pokój", { exact: true }).fill("Kuchnia");
      await plug.getByRole("button", { name: "Zapisz" }).click();
      const kettle = page.getByRole("dialog", { name: "Czajnik" });
      await expect(kettle.getByRole("status").filter({ hasText: "Zapisano" })).toBeVisible();
      const power = kettle.getByRole("switch", { name: "Stan", exact: true });
      await expect(power).toHaveAttribute("aria-checked", "true");
      await power.click();
      await expect(power).toHaveAttribute("aria-checked", "false");
      expect(gateway.sets).toContainEqual({ device: "Kitchen plug", payload: { state: "OFF" } });
      await expectNoA11yViolations(page, "a plug's detail with its tiles");
      await closeDevice(kettle);

      // The blind to 50 %.
      const blind = await openDevice(page, "Bedroom blind");
      const position = blind.getByRole("slider", { name: /Pozycja/ });
      await expect(position).toHaveValue("100");
      await position.fill("50");
      await position.blur();
      await expect
        .poll(() => gateway.sets.filter((set) => set.device === "Bedroom blind"))
        .toContainEqual({
          device: "Bedroom blind",
          payload: { position: 50 },
        });
      await expect(position).toHaveValue("50");
      await closeDevice(blind);

      // The valve's set point, one step up from 21 °C.
      const valve = await openDevice(page, "Living room valve");
      await valve.getByRole("button", { name: "Więcej: Temperatura zadana" }).click();
      await expect
        .poll(() => gateway.sets.filter((set) => set.device === "Living room valve").map((set) => set.payload))
        .toContainEqual({ occupied_heating_setpoint: 21.5 });
      await expect(valve.getByRole("group", { name: "Temperatura zadana" })).toContainText("21,5");
      await closeDevice(valve);

      // The Tasmota device's relay 2, named by its discovery, switched with no hand configuration.
      const dual = await openDevice(page, TASMOTA_TOPIC);
      await expect(dual).toContainText("21,7"); // the BME280's temperature from its /sensors
      const relay2 = dual.getByRole("switch", { name: /l2/ });
      await expect(relay2).toHaveAttribute("aria-checked", "false");
      await relay2.click();
      await expect(relay2).toHaveAttribute("aria-checked", "true");
      expect(tasmota.commands.map((command) => `${command.topic} ${command.payload}`)).toContain(
        `cmnd/${TASMOTA_TOPIC}/POWER2 ON`,
      );
      await closeDevice(dual);

      // Home: the adopted plug's tile, and a leak raises the alarm there.
      await page.goto(`${hub.baseURL}/`);
      await expect(page.getByTestId("device-tile-zigbee2mqtt:Kitchen plug")).toContainText("Czajnik");
      await gateway.report("Bathroom leak", { water_leak: true });
      const alarm = page.getByRole("alert").filter({ hasText: "Wyciek wody: Bathroom leak" });
      await expect(alarm).toBeVisible();
      await expectNoA11yViolations(page, "home with a leak alarm");
      await page.getByRole("navigation", { name: "Pasek główny" }).getByRole("link", { name: "Pogoda" }).click();
      await expect(page.getByRole("heading", { name: "Pogoda", level: 1 })).toBeVisible();
      await expect(alarm).toBeVisible(); // above every screen, not only home
      await gateway.report("Bathroom leak", { water_leak: false });
      await expect(alarm).toBeHidden();
    } finally {
      await tasmota.close();
      await gateway.close();
      cleanup();
    }
  });
}
