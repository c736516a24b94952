import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, loginThroughUi, test, type Household, type HouseholdOptions } from "./support/fixtures";
import { loadFixture } from "./support/mqtt";
import { startTasmota, type TestTasmota } from "./support/tasmota";

// Switches bound to one relay of a 4-relay Tasmota device (spec §3): each follows its own relay
// wherever it is listed, also when switchesList names it without a relay, and a press drives that
// relay. Device end: a Tasmota device on the household's broker publishing its tele STATE and
// answering cmnd/<t>/POWER<n> -> the hub's bridge -> power/<name>/POWER<n> -> the control.

const HOUSEHOLD = {
  switches: [
    { name: "lampka", label: "Lampka", purpose: "light", device: "sonoff4", relay: 2 },
    { name: "wentylator", label: "Wentylator", purpose: "fan", device: "sonoff4", relay: 1 },
  ],
  switchesList: [{ name: "Salon", items: ["lampka", "wentylator"] }],
};

/** A 4-relay Tasmota tele STATE: the shape of tests/fixtures/tasmota/state_multi_relay_power1_5.json with four relays. */
function fourRelayState(power: ["ON" | "OFF", "ON" | "OFF", "ON" | "OFF", "ON" | "OFF"]): string {
  const {
    POWER5: _fifth,
    Dimmer: _dimmer,
    Fade: _fade,
    Speed: _speed,
    LedTable: _table,
    ...shape
  } = loadFixture("tasmota/state_multi_relay_power1_5.json").payload as Record<string, unknown>;
  return JSON.stringify({ ...shape, POWER1: power[0], POWER2: power[1], POWER3: power[2], POWER4: power[3] });
}

const control = (page: Page, label: string) => page.getByRole("switch", { name: label, exact: true });

async function relayBoundSwitches(
  page: Page,
  household: (options?: HouseholdOptions) => Promise<Household>,
  broker: "embedded" | "mosquitto",
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "e2e-relays-"));
  let device: TestTasmota | undefined;
  try {
    const config = join(dir, "household.json");
    writeFileSync(config, JSON.stringify(HOUSEHOLD));
    const { hub, device: deviceBroker } = await household({ broker, env: { HUB_CONFIG: config } });
    device = await startTasmota(deviceBroker, "sonoff4", 4);
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/switches`);
    const lampka = control(page, "Lampka");
    const wentylator = control(page, "Wentylator");
    await expect(lampka).toContainText("Wyłączony");
    await expect(wentylator).toContainText("Wyłączony");

    // Relay 1 ON, relay 2 OFF (and 3 ON, 4 OFF): the fan is on, the lamp off.
    await device.publish("tele/sonoff4/STATE", fourRelayState(["ON", "OFF", "ON", "OFF"]));
    await expect(wentylator).toHaveAttribute("aria-checked", "true");
    await expect(wentylator).toContainText("Włączony");
    await expect(lampka).toHaveAttribute("aria-checked", "false");
    await expect(lampka).toContainText("Wyłączony");

    // Pressing the lamp drives relay 2, and the device's answer confirms it on screen.
    await lampka.click();
    await expect(lampka).toHaveAttribute("aria-checked", "true");
    await expect(lampka).not.toHaveAttribute("aria-busy", "true");
    await expect(lampka).toContainText("Włączony");
    expect(device.commands).toEqual([{ topic: "cmnd/sonoff4/POWER2", payload: "ON", retain: false, qos: 1 }]);

    // Relay 1 going OFF turns the fan off and leaves the lamp on.
    await device.publish("tele/sonoff4/STATE", fourRelayState(["OFF", "ON", "ON", "OFF"]));
    await expect(wentylator).toHaveAttribute("aria-checked", "false");
    await expect(lampka).toHaveAttribute("aria-checked", "true");

    // The home screen's tiles (setting dashboardSwitches) follow the same relays.
    const saved = await page.request.patch(`${hub.baseURL}/api/auth/v1/settings`, {
      data: { key: "dashboardSwitches", value: ["lampka", "wentylator"] },
    });
    expect(saved.status()).toBe(200);
    await page.goto(`${hub.baseURL}/`);
    await expect(control(page, "Lampka")).toHaveAttribute("aria-checked", "true");
    await expect(control(page, "Wentylator")).toHaveAttribute("aria-checked", "false");
    await expect(page.getByText("Urządzenie nie odpowiedziało")).toHaveCount(0);
  } finally {
    await device?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a 4-relay Tasmota device on the embedded broker: each relay-bound switch shows its own relay and a press drives it", async ({
  page,
  household,
}) => {
  test.setTimeout(60_000);
  await relayBoundSwitches(page, household, "embedded");
});

test("a 4-relay Tasmota device on Mosquitto: each relay-bound switch shows its own relay and a press drives it", async ({
  page,
  household,
}) => {
  test.setTimeout(90_000);
  await relayBoundSwitches(page, household, "mosquitto");
});
