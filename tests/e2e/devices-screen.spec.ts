import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { repoRoot } from "./support/hub";
import { publishDevice, type DeviceBroker } from "./support/mqtt";
import { overflowOf, SCREEN_SIZES } from "./support/screens";

// The devices screen ('Urządzenia'), from the device end: a Zigbee2MQTT gateway on the household's
// broker publishes its own `bridge/devices` (Zigbee2MQTT's test suite's four real definitions) and
// availability -> the hub's device registry -> GET /devices -> /devices lists them newest first with
// model, vendor and availability; a new one is marked until opened; an adoption saved in the device's
// detail survives a reload.

type BridgeEntry = { friendly_name: string; type: string };

/** The fixture's `bridge/devices` list as Zigbee2MQTT publishes it (tests/fixtures/README.md gives its source). */
function bridgeList(): BridgeEntry[] {
  const file = join(repoRoot, "tests", "fixtures", "zigbee2mqtt", "bridge_devices.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { payload: BridgeEntry[] }).payload;
}

/** The fixture's devices (the coordinator left out). */
function bridgeDevices(): BridgeEntry[] {
  return bridgeList().filter((entry) => entry.type !== "Coordinator");
}

/** Publishes `bridge/devices` retained as the gateway does, with the coordinator and the devices `names`. */
async function announce(device: DeviceBroker, names: readonly string[]): Promise<void> {
  const entries = bridgeList().filter((entry) => entry.type === "Coordinator" || names.includes(entry.friendly_name));
  await publishDevice(device, "zigbee2mqtt/bridge/devices", entries, { retain: true });
}

/** Waits until GET /devices lists `count` devices (the hub applied the gateway's list). */
async function untilListed(page: Page, baseURL: string, count: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${baseURL}/api/v2/devices`);
        return response.ok() ? ((await response.json()) as { items: unknown[] }).items.length : -1;
      },
      { timeout: 10_000 },
    )
    .toBe(count);
}

const rowOf = (page: Page, name: string) => page.getByTestId(`device-row-zigbee2mqtt:${name}`);

test("a Zigbee2MQTT household on /devices: newest first with model and availability, 'Nowe' until opened, an adoption kept across a reload, axe and no overflow at the four sizes", async ({
  page,
  household,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "e2e-devices-"));
  try {
    const config = join(dir, "household.json");
    writeFileSync(config, JSON.stringify({}));
    const { hub, device } = await household({ env: { HUB_CONFIG: config } });
    await loginThroughUi(page, { baseURL: hub.baseURL });

    // Two devices join first, the other two later: those are the newest.
    await announce(device, ["bulb", "weather_sensor"]);
    await untilListed(page, hub.baseURL, 2);
    await page.waitForTimeout(50); // a later first-seen instant for the next two
    await announce(
      device,
      bridgeDevices().map((entry) => entry.friendly_name),
    );
    await untilListed(page, hub.baseURL, 4);
    await publishDevice(device, "zigbee2mqtt/bulb/availability", { state: "online" }, { retain: true });
    await publishDevice(device, "zigbee2mqtt/weather_sensor/availability", { state: "offline" }, { retain: true });

    await page.goto(`${hub.baseURL}/menu`);
    await page.getByRole("link", { name: /^Urządzenia/ }).click();
    await expect(page.getByRole("heading", { name: "Urządzenia", level: 1 })).toBeVisible();
    const list = page.getByTestId("device-list");
    await expect(list.getByRole("listitem")).toHaveCount(4);
    const names = await list.locator(".device-row__open").allTextContents();
    expect(names.slice(2).sort()).toEqual(["bulb", "weather_sensor"]);
    expect(names.slice(0, 2).sort()).toEqual(["bulb_color_2", "zigfred_plus"]);

    await expect(rowOf(page, "bulb")).toContainText("Zigbee2MQTT · LED1545G12 · IKEA");
    await expect(rowOf(page, "bulb")).toContainText("Dostępne");
    await expect(rowOf(page, "weather_sensor")).toContainText("WSDCGQ11LM · Aqara");
    await expect(rowOf(page, "weather_sensor")).toContainText("Niedostępne");
    await expect(rowOf(page, "zigfred_plus")).toContainText("Nieznane");

    // New until looked at: opening the device marks it seen, for good.
    await expect(rowOf(page, "zigfred_plus").getByText("Nowe", { exact: true })).toBeVisible();
    await expectNoA11yViolations(page, "/devices");
    await page.getByRole("button", { name: "zigfred_plus", exact: true }).click();
    const detail = page.getByRole("dialog", { name: "zigfred_plus" });
    await expect(detail).toBeVisible();
    await expect(detail).toContainText("ZFP-1A-CH");
    await expectNoA11yViolations(page, "a device's detail");
    await detail.getByRole("button", { name: "Zamknij okno" }).click();
    await expect(detail).toBeHidden();
    await expect(rowOf(page, "zigfred_plus").getByText("Nowe", { exact: true })).toHaveCount(0);
    await page.reload();
    await expect(rowOf(page, "zigfred_plus")).toBeVisible();
    await expect(rowOf(page, "zigfred_plus").getByText("Nowe", { exact: true })).toHaveCount(0);
    await expect(rowOf(page, "bulb_color_2").getByText("Nowe", { exact: true })).toBeVisible();

    // An adoption: label, room, where it shows; saved, and there after a reload.
    await page.getByRole("button", { name: "bulb", exact: true }).click();
    const bulb = page.getByRole("dialog", { name: "bulb" });
    await bulb.getByLabel("Nazwa", { exact: true }).fill("Lampa w salonie");
    await bulb.getByLabel("Pokój", { exact: true }).fill("Salon");
    await bulb.getByLabel("Gdzie widać", { exact: true }).selectOption({ label: "Deska rozdzielcza" });
    await bulb.getByRole("button", { name: "Zapisz" }).click();
    // Saved: the detail is now titled by the label.
    const labelled = page.getByRole("dialog", { name: "Lampa w salonie" });
    await expect(labelled.getByRole("status").filter({ hasText: "Zapisano" })).toBeVisible();
    await labelled.getByRole("button", { name: "Zamknij okno" }).click();
    await page.reload();
    await expect(rowOf(page, "bulb").getByRole("button", { name: "Lampa w salonie" })).toBeVisible();
    await expect(rowOf(page, "bulb")).toContainText("Salon");
    await rowOf(page, "bulb").getByRole("button", { name: "Lampa w salonie" }).click();
    const saved = page.getByRole("dialog", { name: "Lampa w salonie" });
    await expect(saved.getByLabel("Nazwa", { exact: true })).toHaveValue("Lampa w salonie");
    await expect(saved.getByLabel("Pokój", { exact: true })).toHaveValue("Salon");
    await expect(saved.getByLabel("Gdzie widać", { exact: true })).toHaveValue("car");
    await saved.getByRole("button", { name: "Zamknij okno" }).click();

    // The filter and the search.
    await page.getByRole("radio", { name: /^Nowe/ }).check();
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await page.getByRole("radio", { name: /^Wszystkie/ }).check();
    await page.getByLabel("Szukaj po nazwie").fill("salon");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await page.getByLabel("Szukaj po nazwie").fill("");

    for (const size of SCREEN_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await expect(list.getByRole("listitem")).toHaveCount(4);
      expect(await overflowOf(page), `overflow on /devices at ${size.name}`).toEqual([]);
      await page.getByRole("button", { name: "bulb_color_2", exact: true }).click();
      const opened = page.getByRole("dialog", { name: "bulb_color_2" });
      await expect(opened).toBeVisible();
      expect(await overflowOf(page), `overflow in a device's detail at ${size.name}`).toEqual([]);
      await opened.getByRole("button", { name: "Zamknij okno" }).click();
      await expect(opened).toBeHidden();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
