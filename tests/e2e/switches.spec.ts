import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, pressDisabled, test } from "./support/fixtures";
import { loadFixture } from "./support/mqtt";
import { startTasmota, type TestTasmota } from "./support/tasmota";

// Switches end to end (spec §3, §7): the dashboard's press -> POST /switch/{id}/set ->
// the hub -> Tasmota cmnd/<t>/POWER<n> -> a device speaking Tasmota (the demo simulator, or one the
// test runs) -> stat/<t>/RESULT + POWER<n> -> the hub's bridge -> power/<t>/POWER<n> -> the control.

/** The control of relay `relay` of the demo's power strip 'Listwa w biurze' (hub/household/demo.json). */
const relayControl = (page: Page, relay: number) =>
  page.getByRole("switch", { name: `Listwa w biurze przekaźnik ${relay}` });

/** Holds every POST /switch/.../set for `ms` before it goes to the hub, so the test sees the pending mark. */
async function slowCommands(page: Page, ms: number): Promise<void> {
  await page.route("**/switch/*/set", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** Waits until `commands` holds `count` entries (or `ms`). */
async function commandsArrive(device: TestTasmota, count: number, ms = 5_000): Promise<void> {
  await expect.poll(() => device.commands.length, { timeout: ms }).toBeGreaterThanOrEqual(count);
}

test.describe("switches with the embedded broker", () => {
  let device: TestTasmota | undefined;
  test.afterEach(async () => {
    await device?.close();
    device = undefined;
  });

  test("the demo simulator's Tasmota switch: press -> pending -> confirmed by the device, twice", async ({
    page,
    household,
  }) => {
    const { hub } = await household({ simulator: true, env: { HUB_SIM_INTERVAL_MS: "600000" } }); // one round: no random flips
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/switches`);
    const control = relayControl(page, 2);
    await expect(control).toHaveAttribute("aria-checked", /true|false/);
    await expect(control).not.toContainText("Brak danych");
    await slowCommands(page, 600);
    for (let round = 0; round < 2; round++) {
      const before = await control.getAttribute("aria-checked");
      const after = before === "true" ? "false" : "true";
      await control.click();
      await expect(control).toHaveAttribute("aria-busy", "true");
      await expect(control).toHaveAttribute("aria-checked", after);
      await expect(control).not.toHaveAttribute("aria-busy", "true");
      await expect(control).toContainText(after === "true" ? "Włączony" : "Wyłączony");
    }
    await expect(page.getByText("Urządzenie nie odpowiedziało")).toHaveCount(0);
  });

  test("home: the switches chosen in setting dashboardSwitches are tiles there, pressed and confirmed like on /switches; axe passes", async ({
    page,
    household,
  }) => {
    const { hub } = await household({ simulator: true, env: { HUB_SIM_INTERVAL_MS: "600000" } });
    await loginThroughUi(page, { baseURL: hub.baseURL });
    const saved = await page.request.patch(`${hub.baseURL}/api/auth/v1/settings`, {
      data: { key: "dashboardSwitches", value: ["pompa", "listwa/1"] },
    });
    expect(saved.status()).toBe(200);
    await page.goto(`${hub.baseURL}/`);
    const tile = page.getByRole("switch", { name: "Listwa w biurze, przekaźnik 1" });
    await expect(page.getByRole("switch", { name: "Pompa ogrodowa" })).toBeVisible();
    await expect(tile).not.toContainText("Brak danych");
    const after = (await tile.getAttribute("aria-checked")) === "true" ? "false" : "true";
    await slowCommands(page, 600);
    await tile.click();
    await expect(tile).toHaveAttribute("aria-busy", "true");
    await expect(tile).toHaveAttribute("aria-checked", after);
    await expect(tile).not.toHaveAttribute("aria-busy", "true");
    await expectNoA11yViolations(page, "home with chosen switches");
  });

  test("a device that never answers: the command reaches it, the control returns to its real state with the toast", async ({
    page,
    household,
  }) => {
    test.setTimeout(60_000);
    const { hub } = await household();
    device = await startTasmota(hub, "listwa", 3);
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/switches`);
    const control = relayControl(page, 1);
    await expect(control).toHaveAttribute("aria-checked", "false");
    await expect(control).toContainText("Wyłączony");

    // Answering: confirmed.
    await control.click();
    await expect(control).toHaveAttribute("aria-checked", "true");
    await expect(control).not.toHaveAttribute("aria-busy", "true");
    await commandsArrive(device, 1);
    expect(device.commands[0]).toEqual({ topic: "cmnd/listwa/POWER1", payload: "ON", retain: false, qos: 1 });

    // Silent: pending, then back to the real state (on) with the toast.
    device.answering = false;
    await control.click();
    await expect(control).toHaveAttribute("aria-busy", "true");
    await commandsArrive(device, 2);
    expect(device.commands[1]).toMatchObject({ topic: "cmnd/listwa/POWER1", payload: "OFF" });
    await expect(page.getByText("Urządzenie nie odpowiedziało")).toBeVisible({ timeout: 8_000 });
    await expect(control).not.toHaveAttribute("aria-busy", "true");
    await expect(control).toHaveAttribute("aria-checked", "true");
    await expect(control).toContainText("Włączony");
  });

  test("offline: the controls are disabled and a press sends nothing to the device", async ({
    page,
    context,
    household,
  }) => {
    const { hub } = await household();
    device = await startTasmota(hub, "listwa", 3);
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/switches`);
    const control = relayControl(page, 3);
    await expect(control).toBeEnabled();
    await context.setOffline(true);
    await expect(control).toBeDisabled();
    await pressDisabled(control);
    await control.focus();
    await page.keyboard.press("Space");
    await page.waitForTimeout(1_000);
    await context.setOffline(false);
    await page.waitForTimeout(500);
    expect(device.commands).toEqual([]);
  });

  test("LWT Offline: the device's controls show 'Niedostępne' and are disabled until it is Online again; axe passes", async ({
    page,
    household,
  }) => {
    const { hub } = await household();
    device = await startTasmota(hub, "listwa", 3);
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/switches`);
    await expect(relayControl(page, 1)).toBeEnabled();
    await expectNoA11yViolations(page, "switches");

    const offline = loadFixture("tasmota/lwt_offline.json");
    await device.publish("tele/listwa/LWT", String(offline.payload), true);
    for (const relay of [1, 2, 3]) {
      await expect(relayControl(page, relay)).toBeDisabled();
      await expect(relayControl(page, relay)).toContainText("Niedostępne");
    }
    await expect(page.getByRole("switch", { name: "Pompa ogrodowa" })).toBeEnabled(); // another device
    await expectNoA11yViolations(page, "switches with an unavailable device");
    await pressDisabled(relayControl(page, 1));
    await page.waitForTimeout(500);
    expect(device.commands).toEqual([]);

    await device.publish("tele/listwa/LWT", String(loadFixture("tasmota/lwt_online.json").payload), true);
    await expect(relayControl(page, 1)).toBeEnabled();
  });
});

test.describe("editing switches", () => {
  test("giving every switch a purpose on /switches clears the top bar's badge, also after a reload; axe with the form open", async ({
    page,
    household,
  }) => {
    const { hub } = await household();
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/switches`);
    const badge = page.getByTestId("switches-badge");
    await expect(badge).toHaveText(/^2/);
    for (const [label, purpose] of [
      ["Listwa w biurze", "biuro"],
      ["Pompa ogrodowa", "ogród"],
    ] as const) {
      await page.getByRole("button", { name: `Edytuj: ${label}` }).click();
      const form = page.getByRole("form", { name: `Edycja: ${label}` });
      if (label === "Listwa w biurze") await expectNoA11yViolations(page, "switches with the edit form");
      await form.getByLabel("Przeznaczenie").fill(purpose);
      await form.getByRole("button", { name: "Zapisz" }).click();
      await expect(form).toHaveCount(0);
    }
    await expect(badge).toHaveCount(0);
    await expect(page.getByText("bez przeznaczenia")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("switch", { name: "Pompa ogrodowa" })).toBeVisible();
    await expect(badge).toHaveCount(0);
  });
});

test.describe("switches with Mosquitto as the household broker", () => {
  let device: TestTasmota | undefined;
  test.afterEach(async () => {
    await device?.close();
    device = undefined;
  });

  test("a Tasmota device on Mosquitto: press -> pending -> confirmed; silent -> back with the toast; offline press sends nothing", async ({
    page,
    context,
    household,
  }) => {
    test.setTimeout(90_000);
    const { hub, device: broker } = await household({ broker: "mosquitto" });
    device = await startTasmota(broker, "listwa", 3);
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/switches`);
    const control = relayControl(page, 2);
    await expect(control).toHaveAttribute("aria-checked", "false");

    await slowCommands(page, 600);
    await control.click();
    await expect(control).toHaveAttribute("aria-busy", "true");
    await expect(control).toHaveAttribute("aria-checked", "true");
    await expect(control).not.toHaveAttribute("aria-busy", "true");
    await commandsArrive(device, 1);
    expect(device.commands[0]).toEqual({ topic: "cmnd/listwa/POWER2", payload: "ON", retain: false, qos: 1 });

    device.answering = false;
    await control.click();
    await expect(page.getByText("Urządzenie nie odpowiedziało")).toBeVisible({ timeout: 8_000 });
    await expect(control).toHaveAttribute("aria-checked", "true");
    await expect(control).not.toHaveAttribute("aria-busy", "true");

    const sent = device.commands.length;
    await context.setOffline(true);
    await expect(control).toBeDisabled();
    await pressDisabled(control);
    await page.waitForTimeout(1_000);
    await context.setOffline(false);
    expect(device.commands).toHaveLength(sent);
  });

  test("the demo simulator through Mosquitto answers a press", async ({ page, household }) => {
    test.setTimeout(90_000);
    const { hub } = await household({ broker: "mosquitto", simulator: true, env: { HUB_SIM_INTERVAL_MS: "600000" } });
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/switches`);
    const control = page.getByRole("switch", { name: "Pompa ogrodowa" });
    await expect(control).not.toContainText("Brak danych");
    const after = (await control.getAttribute("aria-checked")) === "true" ? "false" : "true";
    await control.click();
    await expect(control).toHaveAttribute("aria-checked", after);
    await expect(page.getByText("Urządzenie nie odpowiedziało")).toHaveCount(0);
  });
});
