import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { loadFixture, publishDevice } from "./support/mqtt";

// Spec §7's configuration calls on the path a user takes: the switch edit form loads
// GET config/switches/{id}; a saved edit and 'Wczytaj przełączniki z huba' call POST
// config/switches/reload; 'Sprawdź teraz' in the watchdogs' editor calls POST config/sensors/notify
// and shows the alerts the hub answers, one made active by a real Tasmota reading.

/** Opens the menu's collapsible section `title` (a native <details>: its summary holds the heading). */
async function openSection(page: Page, title: string): Promise<void> {
  await page.locator("summary", { has: page.getByRole("heading", { name: title, exact: true }) }).click();
}

test("the switch edit form shows the hub's current values (GET config/switches/{id}); saving reloads the definitions; 'Wczytaj przełączniki z huba' too", async ({
  page,
  household,
}) => {
  const { hub } = await household();
  await loginThroughUi(page, { baseURL: hub.baseURL });
  await page.goto(`${hub.baseURL}/switches`);
  await expect(page.getByRole("switch", { name: "Pompa ogrodowa" })).toBeVisible();

  // Another household member edits the pump on the hub after this screen loaded its definitions.
  const edited = await page.request.patch(`${hub.baseURL}/api/v2/config/switches/pompa`, {
    data: { config: { purpose: "podlewanie" } },
  });
  expect(edited.status()).toBe(200);
  const loads: string[] = [];
  page.on("request", (request) => {
    if (/\/config\/switches\//.test(request.url()))
      loads.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await page.getByRole("button", { name: "Edytuj: Pompa ogrodowa" }).click();
  const form = page.getByRole("form", { name: "Edycja: Pompa ogrodowa" });
  await expect(form.getByLabel("Przeznaczenie")).toHaveValue("podlewanie");
  await expect(form.getByLabel("Nazwa")).toHaveValue("Pompa ogrodowa");
  await expectNoA11yViolations(page, "switches with the loaded edit form");
  await form.getByLabel("Nazwa").fill("Pompa przy altanie");
  await form.getByRole("button", { name: "Zapisz" }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("switch", { name: "Pompa przy altanie" })).toBeVisible();
  // The saved answer shows the new label at once; the reload that follows may still be on its way.
  await expect
    .poll(() => loads)
    .toEqual([
      "GET /api/v2/config/switches/pompa",
      "PATCH /api/v2/config/switches/pompa",
      "POST /api/v2/config/switches/reload",
    ]);

  // A change made elsewhere shows after 'Wczytaj przełączniki z huba'.
  await page.request.patch(`${hub.baseURL}/api/v2/config/switches/listwa`, {
    data: { config: { label: "Listwa przy biurku" } },
  });
  await expect(page.getByRole("switch", { name: "Listwa w biurze przekaźnik 1" })).toBeVisible();
  await page.getByRole("button", { name: "Wczytaj przełączniki z huba" }).click();
  await expect(page.getByRole("switch", { name: "Listwa przy biurku przekaźnik 1" })).toBeVisible();
});

test("the switch edit form says so in Polish when the hub cannot answer, and loads on 'Spróbuj ponownie'", async ({
  page,
  household,
}) => {
  const { hub } = await household();
  await loginThroughUi(page, { baseURL: hub.baseURL });
  await page.goto(`${hub.baseURL}/switches`);
  await page.route("**/api/v2/config/switches/pompa", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"code":"INTERNAL","message":"x"}' }),
  );
  await page.getByRole("button", { name: "Edytuj: Pompa ogrodowa" }).click();
  await expect(page.getByRole("alert")).toHaveText("Nie udało się wczytać ustawień przełącznika z huba.");
  await page.unroute("**/api/v2/config/switches/pompa");
  await page.getByRole("button", { name: "Spróbuj ponownie" }).click();
  await expect(page.getByRole("form", { name: "Edycja: Pompa ogrodowa" }).getByLabel("Nazwa")).toHaveValue(
    "Pompa ogrodowa",
  );
});

test("'Sprawdź teraz' in the watchdogs' editor shows the alert the hub answers as active, raised by a real Tasmota BME280 reading", async ({
  page,
  household,
}) => {
  const { hub, device } = await household();
  await loginThroughUi(page, { baseURL: hub.baseURL });
  const saved = await page.request.patch(`${hub.baseURL}/api/auth/v1/settings`, {
    data: { key: "tempWatchdog", value: [{ id: "balkon", sensor: "balcony", max: 20 }] },
  });
  expect(saved.status()).toBe(200);
  await page.goto(`${hub.baseURL}/menu`);
  await openSection(page, "Alarmy pogody i temperatury");
  const check = page.getByRole("button", { name: "Sprawdź teraz" });
  await check.click();
  await expect(page.getByText("Brak aktywnych alarmów.")).toBeVisible();

  // The balcony's BME280 reports 21.7 °C, above the 20 °C limit.
  await publishDevice(device, "tele/balkon/SENSOR", loadFixture("tasmota/sensor_bme280.json").payload);
  const notified = page.waitForResponse(
    (response) => response.url().endsWith("/config/sensors/notify") && response.request().method() === "POST",
  );
  await check.click();
  expect(await (await notified).json()).toEqual({ item: { active: ["temp/balkon-max"] } });
  const list = page.getByRole("list", { name: "Aktywne alarmy: 1" });
  await expect(list.getByRole("listitem")).toHaveText(["Balkon: 21,7 °C powyżej 20 °C"]);
  await expectNoA11yViolations(page, "menu with the watchdog check's answer");
});
