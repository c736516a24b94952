import type { Page } from "@playwright/test";
import * as v from "valibot";
import { AutomationAnswerSchema, type AutomationBodyInput } from "../../contract/automations";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { startTestHub, type TestHub } from "./support/hub";
import { loadFixture, publishDevice } from "./support/mqtt";
import { overflowOf, SCREEN_SIZES } from "./support/screens";
import { startTasmota, type TestTasmota } from "./support/tasmota";

// Automations end to end: the editor -> POST /automation -> 'Uruchom' -> the hub's runner
// -> SwitchService -> Tasmota cmnd/listwa/POWER2 -> the device answers stat/ -> the bridge ->
// power/listwa/POWER2 -> the switch control; and a threshold automation fired by a real Tasmota
// BME280 SENSOR payload the device publishes, through the bridge's sensor/temp/balcony.

/** The control of relay `relay` of the demo's power strip 'Listwa w biurze' (hub/household/demo.json). */
const relayControl = (page: Page, relay: number) =>
  page.getByRole("switch", { name: `Listwa w biurze przekaźnik ${relay}` });

/** The list entry of automation `name`. */
const entry = (page: Page, name: string) =>
  page.getByTestId("automation").filter({ has: page.getByRole("heading", { name, exact: true }) });

test.describe("automations", () => {
  let hub: TestHub | undefined;
  let listwa: TestTasmota | undefined;
  test.afterEach(async () => {
    await listwa?.close();
    await hub?.close();
    listwa = undefined;
    hub = undefined;
  });

  test("create in the editor, refused then fixed, run: the relay is confirmed on and the run shown; a BME280 reading over 25 °C runs another; axe on list and editor", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    hub = await startTestHub();
    listwa = await startTasmota(hub, "listwa", 3); // the demo's power strip, all relays OFF
    await loginThroughUi(page, { baseURL: hub.baseURL });

    // The menu leads to the list (the demo's automations are there).
    await page.goto(`${hub.baseURL}/menu`);
    await page.getByRole("link", { name: "Automatyzacje" }).click();
    await expect(page.getByRole("heading", { name: "Automatyzacje", level: 1 })).toBeVisible();
    await expect(entry(page, "Upał na balkonie")).toContainText("Gdy Balkon (temperatura) wzrośnie powyżej 25");
    await expectNoA11yViolations(page, "automations");

    // The editor: a name is required (refused here), relay 4 is refused by the hub naming the field.
    await page.getByRole("button", { name: "Dodaj automatyzację" }).click();
    const editor = page.getByRole("form", { name: "Nowa automatyzacja" });
    await expect(editor).toBeVisible();
    await expectNoA11yViolations(page, "automation editor");
    await editor.getByRole("button", { name: "Zapisz" }).click();
    await expect(editor.getByText("Pole wymagane")).toBeVisible();
    await editor.getByLabel("Nazwa").fill("Listwa rano");
    await editor.getByRole("button", { name: "sobota" }).click();
    await editor.getByLabel("Godzina").fill("06:45");
    await editor.getByLabel("Przełącznik").selectOption({ label: "Listwa w biurze" });
    await editor.getByLabel("Przekaźnik (0 = cały)").fill("4");
    await editor.getByRole("button", { name: "Zapisz" }).click();
    await expect(
      editor.getByText(/Hub odrzucił automatyzację: actions\.0\.relay: must be one of 0, 1, 2, 3/),
    ).toBeVisible();
    await editor.getByLabel("Przekaźnik (0 = cały)").fill("2");
    await editor.getByRole("button", { name: "Zapisz" }).click();
    await expect(editor).toHaveCount(0);

    // Listed with its trigger in words; 'Uruchom' turns relay 2 on through the device.
    const created = entry(page, "Listwa rano");
    await expect(created).toContainText("pon., wt., śr., czw., pt., sob. o 06:45");
    await expect(created).toContainText("Jeszcze nie uruchomiona");
    await created.getByRole("button", { name: "Uruchom: Listwa rano" }).click();
    await expect(created.locator("[data-result]")).toHaveAttribute("data-result", "ok");
    await expect(created).toContainText("Powodzenie");
    await expect.poll(() => listwa?.commands.map((c) => `${c.topic} ${c.payload}`)).toContain("cmnd/listwa/POWER2 ON");

    // The list and the editor fit each of STYLE.md's sizes: nothing cut off or spilling out.
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      expect(await overflowOf(page), `list at ${size.name}`).toEqual([]);
      await created.getByRole("button", { name: "Edytuj: Listwa rano" }).click();
      await expect(page.getByRole("form", { name: "Edycja: Listwa rano" })).toBeVisible();
      expect(await overflowOf(page), `editor at ${size.name}`).toEqual([]);
      await page.getByRole("button", { name: "Anuluj" }).click();
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page
      .getByRole("navigation", { name: "Pasek główny" })
      .getByRole("link", { name: /Przełączniki/ })
      .click();
    await expect(relayControl(page, 2)).toHaveAttribute("aria-checked", "true");
    await expect(relayControl(page, 2)).toContainText("Włączony");
    await expect(relayControl(page, 3)).toHaveAttribute("aria-checked", "false");

    // A threshold automation: the balcony's BME280 goes from 21.7 to 26.4 °C -> relay 3 on and a toast.
    const body: AutomationBodyInput = {
      name: "Gorąco na balkonie",
      trigger: { type: "threshold", sensor: "balkon-temp", direction: "above", value: 25 },
      actions: [
        { kind: "switch", switch: "listwa", relay: 3, state: "ON" },
        { kind: "notify", message: "Ponad 25 °C" },
      ],
    };
    const saved = await page.request.post(`${hub.baseURL}/api/v2/automation`, { data: body });
    expect(saved.status()).toBe(200);
    expect(v.parse(AutomationAnswerSchema, await saved.json()).item.enabled).toBe(true);
    const fixture = loadFixture("tasmota/sensor_bme280.json");
    const topic = fixture.topic?.replace("%topic%", "balkon") ?? "tele/balkon/SENSOR";
    const reading = (temperature: number) => ({
      ...(fixture.payload as Record<string, unknown>),
      BME280: { Temperature: temperature, Humidity: 66.6, Pressure: 988.6 },
    });
    await publishDevice(hub, topic, fixture.payload); // 21.7 °C as the docs show it
    await publishDevice(hub, topic, reading(24.9));
    await page.waitForTimeout(300);
    await expect(relayControl(page, 3)).toHaveAttribute("aria-checked", "false");
    await publishDevice(hub, topic, reading(26.4));
    await expect(relayControl(page, 3)).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("status").getByText("Gorąco na balkonie: Ponad 25 °C")).toBeVisible();
    await publishDevice(hub, topic, reading(27)); // still above: not run again
    await page.goto(`${hub.baseURL}/automations`);
    const hot = entry(page, "Gorąco na balkonie");
    await expect(hot).toContainText("Ostatnie uruchomienie (próg czujnika)");
    await expect(hot).toContainText("Powodzenie");
    expect(listwa.commands.filter((c) => c.topic === "cmnd/listwa/POWER3")).toHaveLength(1);

    // Delete, confirmed.
    await created.getByRole("button", { name: "Usuń: Listwa rano" }).click();
    const dialog = page.getByRole("dialog", { name: "Usunąć automatyzację „Listwa rano”?" });
    await dialog.getByRole("button", { name: "Usuń" }).click();
    await expect(entry(page, "Listwa rano")).toHaveCount(0);
  });
});
