import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { repoRoot } from "./support/hub";
import { loadFixture } from "./support/mqtt";
import { startZigbee2Mqtt, type BridgeEntry } from "./support/zigbee2mqtt";

// A read-only value's history: a Zigbee2MQTT gateway publishes the household's bridge/devices and
// the balcony climate sensor's state through the embedded broker; the hub records its temperature;
// on /devices the sensor's detail has 'Historia: Temperatura', which opens the chart of the day from
// the keyboard and by touch (the whole row is its target), with the recorded value.

const ENTRIES = (
  JSON.parse(
    readFileSync(join(repoRoot, "tests", "fixtures", "zigbee2mqtt", "bridge_devices_household.json"), "utf8"),
  ) as {
    payload: BridgeEntry[];
  }
).payload;
const STATES = loadFixture("zigbee2mqtt/household_states.json").payload as Record<string, Record<string, unknown>>;

test.use({ hasTouch: true });

test("a Zigbee2MQTT sensor's temperature opens its chart of the day from its detail, by keyboard and by touch", async ({
  page,
  household,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "e2e-device-history-"));
  const config = join(dir, "household.json");
  writeFileSync(config, JSON.stringify({}));
  const { hub, device } = await household({ env: { HUB_CONFIG: config } });
  const gateway = await startZigbee2Mqtt(device, ENTRIES, STATES);
  try {
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/devices`);
    await page.getByRole("button", { name: "Balcony climate", exact: true }).click({ timeout: 20_000 });
    const detail = page.getByRole("dialog", { name: "Balcony climate" });
    await expect(detail.getByTestId("capability-temperature")).toContainText("7,4 °C");

    // Keyboard: the value's button takes focus and Enter opens the chart.
    const button = detail.getByRole("button", { name: "Historia: Temperatura", exact: true });
    await button.focus();
    await page.keyboard.press("Enter");
    const chart = page.getByRole("dialog", { name: "Wykres dnia: Temperatura, Balcony climate" });
    await expect(chart).toBeVisible();
    await expect(chart.getByTestId("history-max")).toHaveText("7,4 °C", { timeout: 10_000 });
    await expect(chart.getByTestId("history-current")).toHaveText("7,4 °C");
    await expect(chart.locator("canvas")).toBeVisible();
    await expectNoA11yViolations(page, "a device value's chart of the day");
    await page.keyboard.press("Escape");
    await expect(chart).toBeHidden();
    await expect(detail).toBeVisible(); // closing the chart leaves the device's detail open

    // Touch: tapping the value itself (the whole row is the button's target) opens it again.
    const reading = await detail.getByTestId("capability-temperature").getByText("7,4 °C").boundingBox();
    if (!reading) throw new Error("the temperature's value is not on screen");
    await page.touchscreen.tap(reading.x + reading.width / 2, reading.y + reading.height / 2);
    await expect(chart).toBeVisible();
    await chart.getByRole("button", { name: "Zamknij" }).click();
    await expect(chart).toBeHidden();
    await expectNoA11yViolations(page, "a climate sensor's detail with its values' history buttons");
  } finally {
    await gateway.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
