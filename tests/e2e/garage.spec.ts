import type { Page, Request } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, pressDisabled, test } from "./support/fixtures";

// The garage door and gate end to end: the page -> POST /api/garage/v1/<door>/<action>
// -> the hub publishes Tasmota cmnd/<t>/Shutter<Action>1 -> the demo's simulated Tasmota shutter
// travels, reporting stat/<t>/RESULT {"Shutter1":{...}} -> the hub's bridge -> garage/<door>/state
// -> the tile. One travel step every HUB_SIM_INTERVAL_MS (12 steps end to end: 3.6 s here).
const SIM = { simulator: true, env: { HUB_SIM_INTERVAL_MS: "300" } } as const;

/** Records every garage-base request the page sends. */
function garageRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/garage/v1/")) sent.push(`${request.method()} ${url.pathname}`);
  });
  return sent;
}

async function openThenStop(page: Page): Promise<void> {
  const sent = garageRequests(page);
  const door = page.getByTestId("door-garage");
  const state = page.getByTestId("door-garage-state");
  await expect(state).toHaveText("Zamknięta", { timeout: 15_000 });

  // Cancel: the dialog closes and nothing is sent.
  await door.getByRole("button", { name: "Otwórz" }).click();
  const dialog = page.getByRole("dialog", { name: "Otworzyć: Brama garażowa?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Anuluj" }).click();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(500);
  expect(sent).toEqual([]);
  await expect(state).toHaveText("Zamknięta");

  // Confirm: opening, then open, through the simulated Tasmota shutter.
  await door.getByRole("button", { name: "Otwórz" }).click();
  await page.getByRole("dialog", { name: "Otworzyć: Brama garażowa?" }).getByRole("button", { name: "Otwórz" }).click();
  await expect(state).toHaveText("Otwiera się");
  await expect(state).toHaveText("Otwarta", { timeout: 10_000 });
  await expect(door).toContainText("Położenie: 100%");
  expect(sent).toEqual(["POST /api/garage/v1/garage/open"]);

  // Close and stop mid-way: stopped, neither open nor closed.
  await door.getByRole("button", { name: "Zamknij" }).click();
  await page.getByRole("dialog", { name: "Zamknąć: Brama garażowa?" }).getByRole("button", { name: "Zamknij" }).click();
  await expect(state).toHaveText("Zamyka się");
  await expect(door).not.toContainText("Położenie: 100%"); // it has left the end: a stop now rests mid-way
  await door.getByRole("button", { name: "Zatrzymaj" }).click();
  await expect(state).toHaveText("Zatrzymana");
  const position = Number((await door.textContent())?.match(/Położenie: (\d+)%/)?.[1]);
  expect(position).toBeGreaterThan(0);
  expect(position).toBeLessThan(100);
  expect(sent).toEqual([
    "POST /api/garage/v1/garage/open",
    "POST /api/garage/v1/garage/close",
    "POST /api/garage/v1/garage/stop",
  ]);
}

test.describe("garage door and gate (embedded broker)", () => {
  test("open asks first, cancel sends nothing, confirm opens through the simulated device, stop mid-way; axe", async ({
    page,
    household,
  }) => {
    test.setTimeout(90_000);
    const { hub } = await household(SIM);
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await expect(page.getByRole("heading", { name: "Garaż", exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("door-gate-state")).toHaveText("Zamknięta");
    await expectNoA11yViolations(page, "home with garage and gate");
    await openThenStop(page);
  });

  test("offline: the controls are disabled and a press sends nothing", async ({ page, context, household }) => {
    test.setTimeout(60_000);
    const { hub } = await household(SIM);
    await loginThroughUi(page, { baseURL: hub.baseURL });
    const gate = page.getByTestId("door-gate");
    await expect(page.getByTestId("door-gate-state")).toHaveText("Zamknięta", { timeout: 15_000 });
    const sent = garageRequests(page);
    await context.setOffline(true);
    const open = gate.getByRole("button", { name: "Otwórz" });
    await expect(open).toBeDisabled();
    await pressDisabled(open);
    await pressDisabled(gate.getByRole("button", { name: "Zatrzymaj" }));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
    await context.setOffline(false);
    await expect(open).toBeEnabled({ timeout: 15_000 });
  });

  test("the car dashboard shows the gate with large controls and opens it", async ({ page, household }) => {
    test.setTimeout(60_000);
    const { hub } = await household(SIM);
    await loginThroughUi(page, { baseURL: hub.baseURL });
    // /car-dashboard exists only in the car layout (spec §2): this tablet is the car's.
    await page.evaluate(() => localStorage.setItem("device.appUi", "car"));
    await page.goto(`${hub.baseURL}/car-dashboard`);
    const gate = page.getByTestId("door-gate");
    await expect(page.getByTestId("door-gate-state")).toHaveText("Zamknięta", { timeout: 15_000 });
    const open = gate.getByRole("button", { name: "Otwórz" });
    expect((await open.boundingBox())?.height).toBeGreaterThanOrEqual(64);
    await open.click();
    await page
      .getByRole("dialog", { name: "Otworzyć: Brama wjazdowa?" })
      .getByRole("button", { name: "Otwórz" })
      .click();
    await expect(page.getByTestId("door-gate-state")).toHaveText("Otwarta", { timeout: 10_000 });
    await expectNoA11yViolations(page, "car dashboard with the gate");
  });
});

test.describe("garage door and gate (Mosquitto)", () => {
  test("open, confirm, open; close, stop mid-way, through Mosquitto", async ({ page, household }) => {
    test.setTimeout(120_000);
    const { hub } = await household({ ...SIM, broker: "mosquitto" });
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await openThenStop(page);
  });
});
