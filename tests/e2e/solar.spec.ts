import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { loadFixture } from "./support/mqtt";
import { startTasmota, type TestTasmota } from "./support/tasmota";

// Solar end to end. Live: a Sonoff Pow R2 measuring a micro-inverter, adopted as solar in the
// household's `devices` section, publishes its own tele SENSOR (ENERGY) on the embedded broker ->
// the hub's solar use -> device/dach/solar -> home's solar tile (power, today's yield, freshness).
// Charts: the shipped sample log (a real inverter export's format) through POST /pv/log -> the day's
// power curve and the month's energy bars drawn by uPlot, with their figures written out; axe.

const HOUSEHOLD = {
  devices: {
    "tasmota:pow1": { label: "Falownik na dachu", use: { as: "solar", name: "dach", power: "ENERGY.Power" } },
  },
};
const sampleLog = fileURLToPath(new URL("../../hub/examples/pv-sample.csv", import.meta.url));

/** True when the canvas inside `testId` has pixels drawn (uPlot painted the series and axes). */
async function canvasDrawn(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((host) => {
    const canvas = host.querySelector("canvas");
    if (!canvas || canvas.width === 0 || canvas.height === 0) return false;
    const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data;
    if (!data) return false;
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
    return false;
  });
}

/** The page scrolls sideways (something overflows the viewport). */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("an adopted inverter's ENERGY shows on home's solar tile; the uploaded log's day and month charts on /pv; axe; no overflow on a phone and the car tablet", async ({
  page,
  household,
}, testInfo) => {
  test.setTimeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), "e2e-solar-"));
  let device: TestTasmota | undefined;
  try {
    const config = join(dir, "household.json");
    writeFileSync(config, JSON.stringify(HOUSEHOLD));
    const { hub, device: deviceBroker } = await household({ env: { HUB_CONFIG: config } });
    device = await startTasmota(deviceBroker, "pow1", 1);
    await loginThroughUi(page, { baseURL: hub.baseURL });

    // Home: the tile waits for the inverter's first reading, then shows it.
    const tile = page.getByTestId("solar-dach");
    await expect(tile).toBeVisible();
    await expect(tile).toHaveAttribute("data-freshness", "loading");
    const sensor = loadFixture("tasmota/sensor_energy_pow_r2.json");
    await device.publish("tele/pow1/SENSOR", JSON.stringify(sensor.payload));
    await expect(tile.getByTestId("solar-power")).toHaveText("2,64 kW");
    await expect(tile.getByTestId("solar-today")).toHaveText("dziś 0,954 kWh");
    await expect(tile).toHaveAttribute("data-freshness", "fresh");
    await expect(tile).toHaveAttribute("aria-label", "Produkcja PV: Falownik na dachu");

    // /pv: upload the sample log; the charts open on its day.
    await page.goto(`${hub.baseURL}/pv`);
    await page.getByLabel("Plik z logiem (CSV)").setInputFiles(sampleLog);
    await page.getByRole("button", { name: "Wyślij" }).click();
    await expect(page.getByTestId("pv-result-summary-energy")).toHaveText("40,098\u00a0kWh");
    await expect(page.getByTestId("pv-charts-period")).toHaveText("niedziela, 21 czerwca 2026");
    await expect(page.getByTestId("pv-charts-energy")).toHaveText("40,098\u00a0kWh");
    await expect(page.getByTestId("pv-charts-peak")).toHaveText("4,2\u00a0kW");
    await expect(page.getByTestId("pv-charts-summary")).toHaveText(
      "Moc w dniu niedziela, 21 czerwca 2026: wyprodukowano 40,098\u00a0kWh, moc szczytowa 4,2\u00a0kW.",
    );
    await expect(page.getByRole("img", { name: /^Moc w dniu niedziela, 21 czerwca 2026/ })).toBeVisible();
    await expect.poll(() => canvasDrawn(page, "pv-day-chart")).toBe(true);
    // The next day has no log: it says so.
    await page.getByRole("button", { name: "Następny dzień" }).click();
    await expect(page.getByTestId("pv-charts-period")).toHaveText("poniedziałek, 22 czerwca 2026");
    await expect(page.getByText("Brak odczytów z tego dnia.", { exact: false })).toBeVisible();

    // The month: bars of each day's energy, the total and the peak, the days as a table.
    await page.getByRole("button", { name: "Miesiąc", exact: true }).click();
    await expect(page.getByTestId("pv-charts-period")).toHaveText("czerwiec 2026");
    await expect(page.getByTestId("pv-charts-summary")).toHaveText(
      "Energia dzienna, czerwiec 2026: razem 40,098\u00a0kWh z 1 dni, moc szczytowa 4,2\u00a0kW.",
    );
    await expect.poll(() => canvasDrawn(page, "pv-month-chart")).toBe(true);
    await page.getByText("Dni w tabeli").click();
    await expect(page.getByRole("row", { name: /21 czerwca 40,098\s*kWh 4,2\s*kW/ })).toBeVisible();
    // A day picked in the day view: the picker is a labelled date field.
    await page.getByRole("button", { name: "Dzień", exact: true }).click();
    await page.getByLabel("Wybierz dzień").fill("2026-06-21");
    await expect(page.getByTestId("pv-charts-energy")).toHaveText("40,098\u00a0kWh");
    await expectNoA11yViolations(page, "PV screen with the day's chart");

    // A phone and the car tablet: nothing scrolls sideways on /pv and home.
    for (const size of [
      { width: 390, height: 844 },
      { width: 1024, height: 600 },
    ]) {
      await page.setViewportSize(size);
      await expect.poll(() => canvasDrawn(page, "pv-day-chart")).toBe(true);
      expect(await overflows(page), `/pv at ${size.width}x${size.height}`).toBe(false);
      await page.screenshot({ path: testInfo.outputPath(`pv-${size.width}x${size.height}.png`), fullPage: true });
      await page.goto(hub.baseURL);
      await expect(page.getByTestId("solar-dach")).toBeVisible();
      await page.getByTestId("solar-dach").scrollIntoViewIfNeeded();
      expect(await overflows(page), `home at ${size.width}x${size.height}`).toBe(false);
      await page.screenshot({ path: testInfo.outputPath(`home-${size.width}x${size.height}.png`) });
      await page.goto(`${hub.baseURL}/pv`);
    }
  } finally {
    await device?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
