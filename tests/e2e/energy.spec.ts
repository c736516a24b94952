import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test, type Household, type HouseholdOptions } from "./support/fixtures";
import { loadFixture } from "./support/mqtt";
import { startTasmota, type TestTasmota } from "./support/tasmota";
import type { Page } from "@playwright/test";

// Tasmota energy monitoring (docs/contract.md "Energy monitoring"), from the device end: a Sonoff
// Pow R2 on the household's broker publishes its own tele SENSOR and Status 10 answer -> the hub's
// energy domain -> device/pralka/energy -> the washing machine's switch shows the power, and its
// chart of the day draws it from GET /events/day.

const HOUSEHOLD = {
  switches: [
    { name: "pralka", label: "Pralka", purpose: null, device: "pow1" },
    { name: "lampka", label: "Lampka", purpose: "light", device: "lampka" },
  ],
};

async function powerMeterOnTheSwitch(
  page: Page,
  household: (options?: HouseholdOptions) => Promise<Household>,
  broker: "embedded" | "mosquitto",
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "e2e-energy-"));
  let device: TestTasmota | undefined;
  try {
    const config = join(dir, "household.json");
    writeFileSync(config, JSON.stringify(HOUSEHOLD));
    const { hub, device: deviceBroker } = await household({ broker, env: { HUB_CONFIG: config } });
    device = await startTasmota(deviceBroker, "pow1", 1);
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/switches`);
    await expect(page.getByRole("switch", { name: "Pralka", exact: true })).toBeVisible();
    await expect(page.getByTestId("switch-energy-pralka")).toHaveCount(0);

    const sensor = loadFixture("tasmota/sensor_energy_pow_r2.json");
    await device.publish("tele/pow1/SENSOR", JSON.stringify(sensor.payload));
    const power = page.getByTestId("switch-energy-power-pralka");
    await expect(power).toHaveText("2635 W");
    await expect(page.getByTestId("switch-energy-pralka")).toContainText("dziś 0,95 kWh");
    // The plug without a meter shows no reading.
    await expect(page.getByTestId("switch-energy-lampka")).toHaveCount(0);

    const status = loadFixture("tasmota/status10_energy_pow_r2.json");
    await device.publish("stat/pow1/STATUS10", JSON.stringify(status.payload));
    await expect(power).toHaveText("2629 W");
    await expect(page.getByTestId("switch-energy-pralka")).toContainText("dziś 1,06 kWh");
    await expectNoA11yViolations(page, "switches with a power meter");

    // The chart of the day of the power, from the history the hub recorded.
    await page.getByRole("button", { name: "Wykres dnia: pobór mocy: Pralka" }).click();
    const dialog = page.getByTestId("history-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading")).toContainText("Pralka");
    await expect(dialog.getByTestId("history-max")).toHaveText("2635 W", { timeout: 10_000 });
    await expect(dialog.getByTestId("history-min")).toHaveText("2629 W");
    await expect(dialog.getByTestId("history-current")).toHaveText("2629 W");
    await expectNoA11yViolations(page, "the power's chart of the day");
    await dialog.getByRole("button", { name: "Zamknij" }).click();
    await expect(dialog).toBeHidden();
  } finally {
    await device?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a Sonoff Pow R2 on the embedded broker: its switch shows the power drawn and today's energy, and the power's chart of the day", async ({
  page,
  household,
}) => {
  test.setTimeout(60_000);
  await powerMeterOnTheSwitch(page, household, "embedded");
});

test("a Sonoff Pow R2 on Mosquitto: its switch shows the power drawn and today's energy, and the power's chart of the day", async ({
  page,
  household,
}) => {
  test.setTimeout(90_000);
  await powerMeterOnTheSwitch(page, household, "mosquitto");
});
