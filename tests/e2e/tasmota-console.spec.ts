import { expectNoA11yViolations } from "./support/axe";
import { DEMO, expect, loginThroughUi, test } from "./support/fixtures";
import { startTestHub, type TestHub } from "./support/hub";
import { loadFixture, publishDevice } from "./support/mqtt";
import { startTasmota, type TestTasmota } from "./support/tasmota";

// The per-switch Tasmota console and device availability everywhere: the page -> POST
// /config/switches/{id}/tasmota/cmd -> the hub publishes cmnd/<t>/<Command> -> a device speaking
// Tasmota (the simulator's switch model on its own login) answers stat/<t>/STATUS0 -> the hub
// returns it as item.response -> the console shows it. A hostile line is refused by the hub and
// never reaches the device; a command that would take the device over (MqttHost) asks the session's
// PIN in a prompt and goes out only with it; LWT Offline disables the console, the switch and the
// garage door.

test.describe("Tasmota console and device availability", () => {
  let hub: TestHub | undefined;
  let device: TestTasmota | undefined;
  test.afterEach(async () => {
    await device?.close();
    await hub?.close();
    device = undefined;
    hub = undefined;
  });

  test("Status 0 through the console shows the device's answer; MqttHost asks the PIN and goes out with it; a ; chain is refused with the message; LWT Offline disables the console and the garage door; axe passes", async ({
    page,
  }) => {
    test.setTimeout(120_000); // a whole user path, with two axe runs, on a shared CI machine
    hub = await startTestHub();
    device = await startTasmota(hub, "listwa", 3);
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/switches`);

    await page.getByRole("button", { name: "Konsola Tasmota: Listwa w biurze" }).click();
    const consolePanel = page.getByTestId("tasmota-console-listwa");
    const field = consolePanel.getByLabel("Polecenie Tasmota");
    await field.fill("Status 0");
    await field.press("Enter");
    await expect(consolePanel.getByText("Odpowiedź z stat/listwa/STATUS0")).toBeVisible();
    await expect(consolePanel.locator("pre")).toContainText('"Topic": "listwa"');
    await expect(consolePanel.locator("pre")).toContainText('"POWER1": "OFF"');
    expect(device.commands).toEqual([{ topic: "cmnd/listwa/Status", payload: "0", retain: false, qos: 1 }]);
    await expectNoA11yViolations(page, "switches with the Tasmota console");

    // A takeover command: the hub answers PIN_REQUIRED and nothing reaches the device until the PIN is entered.
    await field.fill("MqttHost 10.0.0.66");
    await field.press("Enter");
    const prompt = page.getByRole("dialog", { name: "Podaj PIN, aby wysłać to polecenie" });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText("MqttHost: to polecenie zmienia, jak urządzenie się łączy");
    await expect(prompt.getByLabel("PIN")).toBeFocused();
    await page.waitForTimeout(300);
    expect(device.commands).toHaveLength(1);
    await expectNoA11yViolations(page, "the console's PIN prompt");
    for (const digit of DEMO.pin) await prompt.getByRole("button", { name: digit, exact: true }).click();
    await prompt.getByRole("button", { name: "Wyślij z PIN-em" }).click();
    await expect(prompt).toBeHidden();
    await expect(consolePanel.getByRole("listitem").first()).toContainText("> MqttHost 10.0.0.66");
    await expect(consolePanel.getByText("Odpowiedź z stat/listwa/RESULT")).toBeVisible();
    expect(device.commands).toEqual([
      { topic: "cmnd/listwa/Status", payload: "0", retain: false, qos: 1 },
      { topic: "cmnd/listwa/MqttHost", payload: "10.0.0.66", retain: false, qos: 1 },
    ]);

    await field.fill("Power1 ON; Restart 1");
    await consolePanel.getByRole("button", { name: "Wyślij" }).click();
    await expect(
      consolePanel.getByText(/^Polecenie odrzucone: dozwolone jest tylko jedno polecenie Tasmota/),
    ).toBeVisible();
    await expect(consolePanel.getByRole("listitem").first()).toContainText("> Power1 ON; Restart 1");
    await page.waitForTimeout(300);
    expect(device.commands).toHaveLength(2);

    // LWT Offline: the console and the switch are disabled; the hub refuses a command anyway (409).
    await device.publish("tele/listwa/LWT", String(loadFixture("tasmota/lwt_offline.json").payload), true);
    await expect(consolePanel.getByRole("button", { name: "Wyślij" })).toBeDisabled();
    await expect(page.getByRole("switch", { name: "Listwa w biurze przekaźnik 1" })).toBeDisabled();
    const refused = await page.request.post(`${hub.baseURL}/api/v2/switch/listwa/set`, {
      data: { relay: 1, state: "ON" },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()) as unknown).toMatchObject({ code: "DEVICE_UNREACHABLE" });

    // The garage door's shutter: at rest, then LWT Offline -> 'Niedostępne', its buttons disabled.
    await page.goto(`${hub.baseURL}/`);
    const atRest = loadFixture("tasmota/result_shutter_at_rest.json");
    await publishDevice(hub, "stat/garaz/RESULT", atRest.payload);
    const state = page.getByTestId("door-garage-state");
    await expect(state).toHaveText("Otwarta");
    await expect(page.getByTestId("door-garage").getByRole("button", { name: "Zamknij" })).toBeEnabled();
    await publishDevice(hub, "tele/garaz/LWT", "Offline", { retain: true });
    await expect(state).toHaveText("Niedostępne");
    for (const name of ["Otwórz", "Zamknij", "Przełącz", "Zatrzymaj"])
      await expect(page.getByTestId("door-garage").getByRole("button", { name })).toBeDisabled();
    await page.waitForTimeout(300);
    expect(device.commands).toHaveLength(2);
  });
});
