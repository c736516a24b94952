import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { repoRoot } from "./support/hub";
import { loadFixture } from "./support/mqtt";
import { overflowOf, SCREEN_SIZES } from "./support/screens";
import { startZigbee2Mqtt, type BridgeEntry } from "./support/zigbee2mqtt";

// Automations on any device's capability, made in the editor: a Zigbee2MQTT gateway publishes its
// own bridge/devices (tests/fixtures/zigbee2mqtt/bridge_devices_household.json) and the devices'
// states; the button and the plug are adopted on /devices with Polish names; an automation "when
// the bedside button reports `single`, set the kettle's plug OFF" is made in the editor (trigger
// 'Urządzenie', action 'Ustaw urządzenie'), and the button's own report, through the broker and the
// hub's automations, reaches the gateway as `zigbee2mqtt/Kitchen plug/set {"state":"OFF"}`.

/** A fixture file's payload as written (loadFixture's schema would read a list as a record). */
const payloadOf = (file: string): unknown =>
  (JSON.parse(readFileSync(join(repoRoot, "tests", "fixtures", file), "utf8")) as { payload: unknown }).payload;
const ENTRIES = payloadOf("zigbee2mqtt/bridge_devices_household.json") as BridgeEntry[];
const STATES = loadFixture("zigbee2mqtt/household_states.json").payload as Record<string, Record<string, unknown>>;

/** Gives device `name` a label from its detail on /devices, as a household does. */
async function adopt(page: Page, name: string, label: string): Promise<void> {
  await page.getByRole("button", { name, exact: true }).click();
  const detail = page.getByRole("dialog", { name });
  await detail.getByLabel("Nazwa", { exact: true }).fill(label);
  await detail.getByRole("button", { name: "Zapisz" }).click();
  const adopted = page.getByRole("dialog", { name: label });
  await expect(adopted.getByRole("status").filter({ hasText: "Zapisano" })).toBeVisible();
  await adopted.getByRole("button", { name: "Zamknij okno" }).click();
  await expect(adopted).toBeHidden();
}

/** The list entry of automation `name`. */
const entry = (page: Page, name: string) =>
  page.getByTestId("automation").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("an automation made in the editor on a button's action sets a plug through Zigbee2MQTT; axe and screen sizes on the editor with the device forms", async ({
  page,
  household,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "e2e-automation-devices-"));
  const config = join(dir, "household.json");
  writeFileSync(config, JSON.stringify({})); // nothing by hand: every device comes from discovery
  const { hub, device } = await household({ env: { HUB_CONFIG: config } });
  const gateway = await startZigbee2Mqtt(device, ENTRIES, STATES);
  try {
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/devices`);
    await expect(page.getByTestId("device-list").getByRole("listitem")).toHaveCount(15, { timeout: 20_000 });
    await adopt(page, "Bedside button", "Przycisk przy łóżku");
    await adopt(page, "Kitchen plug", "Czajnik");

    await page.goto(`${hub.baseURL}/menu`);
    await page.getByRole("link", { name: "Automatyzacje" }).click();
    await page.getByRole("button", { name: "Dodaj automatyzację" }).click();
    const editor = page.getByRole("form", { name: "Nowa automatyzacja" });
    await editor.getByLabel("Nazwa").fill("Przycisk gasi czajnik");
    await editor.getByLabel("Rodzaj wyzwalacza").selectOption({ label: "Urządzenie" });
    await editor.getByLabel("Rodzaj akcji 1").selectOption({ label: "Ustaw urządzenie" });
    await editor.getByRole("button", { name: "Zapisz" }).click();
    await expect(editor.getByText("Pole wymagane")).toHaveCount(2); // no device chosen, in either
    const [trigger, action] = [
      editor.getByRole("group", { name: "Wyzwalacz" }),
      editor.getByRole("group", { name: "Akcje" }),
    ];
    await trigger.getByLabel("Urządzenie").selectOption({ label: "Przycisk przy łóżku" });
    await trigger.getByLabel("Właściwość").selectOption({ label: "Akcja" });
    await trigger.getByLabel("Wartość").selectOption({ label: "Pojedyncze (single)" });
    await action.getByLabel("Urządzenie").selectOption({ label: "Czajnik" });
    await action.getByLabel("Właściwość").selectOption({ label: "Stan" });
    await action.getByLabel("Wartość").selectOption({ label: "Wyłączone" });
    await expect(editor.getByText("Pole wymagane")).toHaveCount(0);
    await expectNoA11yViolations(page, "automation editor with a device trigger and a device action");
    await editor.getByRole("button", { name: "Zapisz" }).click();
    await expect(editor).toHaveCount(0);

    const created = entry(page, "Przycisk gasi czajnik");
    await expect(created).toContainText("Gdy Przycisk przy łóżku: Akcja = Pojedyncze (single)");
    await expect(created).toContainText("Ustaw Czajnik: Stan = Wyłączone");
    await expectNoA11yViolations(page, "automations with a device automation");

    // The editor with the device forms fits each of STYLE.md's sizes: nothing cut off or spilling out.
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await created.getByRole("button", { name: "Edytuj: Przycisk gasi czajnik" }).click();
      const edited = page.getByRole("form", { name: "Edycja: Przycisk gasi czajnik" });
      await expect(edited.getByRole("group", { name: "Akcje" }).getByLabel("Wartość")).toHaveValue('"OFF"');
      expect(await overflowOf(page), `editor at ${size.name}`).toEqual([]);
      await edited.getByRole("button", { name: "Anuluj" }).click();
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // A double press is not the automation's; a single one sets the plug OFF through the gateway.
    expect(gateway.states.get("Kitchen plug")?.state).toBe("ON");
    await gateway.report("Bedside button", { action: "double" });
    await page.waitForTimeout(500);
    expect(gateway.sets.filter((set) => set.device === "Kitchen plug")).toEqual([]);
    await gateway.report("Bedside button", { action: "single" });
    await expect
      .poll(() => gateway.sets.filter((set) => set.device === "Kitchen plug"))
      .toEqual([{ device: "Kitchen plug", payload: { state: "OFF" } }]);
    await expect(created).toContainText("Ostatnie uruchomienie (urządzenie)");
    await expect(created.locator("[data-result]")).toHaveAttribute("data-result", "ok");
    await expect.poll(() => gateway.states.get("Kitchen plug")?.state).toBe("OFF");
  } finally {
    await gateway.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
