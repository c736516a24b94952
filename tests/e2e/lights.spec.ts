import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";

// Lights, the whole loop: the dashboard's control -> POST /light/{id}/set -> the hub
// checks it against the light's features (from the simulated Zigbee2MQTT's real bridge/devices
// exposes) -> zigbee2mqtt/<name>/set -> the simulated Zigbee2MQTT answers with its new state
// (after a Zigbee round trip of 400 ms) -> the hub's light/<id> -> the tile. On the embedded broker
// and on Mosquitto.

/** Turns the CT bulb on from its tile and moves its brightness slider: pending, then confirmed by the device. */
async function switchOnAndDim(page: Page): Promise<void> {
  const tile = page.getByTestId("light-lampa_sypialnia");
  await expect(tile).toBeVisible({ timeout: 20_000 });
  await expect(tile).toHaveAttribute("data-state", "OFF");
  await tile.getByRole("switch", { name: "Zasilanie" }).click();
  // Pending and its words in one look: the simulated bulb confirms within about 400 ms, so two
  // separate checks could see the first and miss the second on a busy machine.
  await expect(tile.and(page.locator('[data-pending="true"]')).getByRole("status")).toHaveText(
    "Czeka na potwierdzenie…",
  );
  await expect(tile).toHaveAttribute("data-state", "ON");
  await expect(tile).toHaveAttribute("data-pending", "false");
  await expect(tile).toContainText("Włączone · 47 %"); // the simulated bulb's brightness 120 of 0..254

  await tile.getByRole("button", { name: "Ustawienia: Lampa w sypialni" }).click();
  const panel = page.getByRole("dialog", { name: "Lampa w sypialni" });
  await expect(panel).toBeVisible();
  const slider = panel.getByRole("slider", { name: /Jasność/ });
  await slider.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowRight"); // a quick drag: throttled, the last value sent
  await page.keyboard.press("End");
  await expect(
    panel.filter({ has: page.locator('[data-pending="true"]') }).getByText("Czeka na potwierdzenie…"),
  ).toBeVisible();
  await expect(panel.locator('[data-pending="true"]')).toHaveCount(0, { timeout: 10_000 });
  await expect(slider).toHaveValue("254");
  await expect(panel.getByText("100 %")).toBeVisible();
  await expect(tile).toContainText("Włączone · 100 %");
}

test.describe("lights", () => {
  test("on/off and brightness through the simulated Zigbee2MQTT (embedded broker); panel passes axe; a refused value shows a message", async ({
    page,
    household,
  }) => {
    test.setTimeout(90_000);
    const { hub } = await household({ simulator: true });
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await expect(page.getByRole("heading", { name: "Światła" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("region", { name: "Światła: Korytarz" })).toContainText("Obwód 2 z 2");
    await switchOnAndDim(page);

    const panel = page.getByRole("dialog", { name: "Lampa w sypialni" });
    await expect(panel.getByRole("slider", { name: /Barwa światła/ })).toHaveAttribute("min", "2203"); // 454 mired
    await expect(panel.getByRole("slider", { name: /Barwa światła/ })).toHaveAttribute("max", "4000"); // 250 mired
    await expect(panel.getByLabel("Kolor")).toHaveCount(0); // a colour-temperature bulb has no colour
    await expectNoA11yViolations(page, "light panel");

    // An invalid value (as a stale or hostile client might send) is refused by the hub with the
    // field named, reaches no device, and the dashboard says the command failed.
    await page.route("**/api/v2/light/lampa_sypialnia/set", (route) =>
      route.continue({ postData: JSON.stringify({ color_temp: 100 }) }),
    );
    const answer = page.waitForResponse("**/api/v2/light/lampa_sypialnia/set");
    await panel.getByRole("slider", { name: /Barwa światła/ }).focus();
    await page.keyboard.press("Home");
    const refused = await answer;
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: "BAD_REQUEST",
      message: "color_temp: expected an integer mired from 250 to 454",
    });
    await expect(page.getByText("Nie udało się wykonać polecenia. Spróbuj ponownie.")).toBeVisible();
    await expect(panel.locator('[data-pending="true"]')).toHaveCount(0);
    await expect(panel.getByRole("slider", { name: /Barwa światła/ })).toHaveAttribute("aria-valuetext", "2703 K"); // 370 mired, unchanged
  });

  test("the same loop with Mosquitto as the household broker", async ({ page, household }) => {
    test.setTimeout(90_000);
    const { hub } = await household({ simulator: true, broker: "mosquitto" });
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await switchOnAndDim(page);
  });
});
