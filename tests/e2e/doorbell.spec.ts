import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { startTestHub, type TestHub } from "./support/hub";
import { publishDevice } from "./support/mqtt";

// The doorbell end to end: the button at the gate is a Zigbee2MQTT device; its press
// (`zigbee2mqtt/dzwonek_brama` {"action":"single"}) goes through the broker to the hub's doorbell
// bridge, which publishes `doorbell/ring` (epoch ms); the dashboard opens the popup with the live
// views of the cameras zoom and brama.

const PRESS = { action: "single", battery: 97, linkquality: 132 };

/** Both doorbell cameras remembered in MJPEG mode (the per-camera UI state a household leaves behind). */
async function rememberMjpeg(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { play: true, mode: "mjpeg", scaling: "stretch", stream: "full", audio: false };
    localStorage.setItem("dashboard.cameraUi", JSON.stringify({ zoom: { ...state, stream: "mobile" }, brama: state }));
  });
}

test.describe("doorbell", () => {
  let hub: TestHub | undefined;
  test.afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  test("a press at the gate opens 'Ktoś dzwoni przy bramce.' with moving zoom and brama; 'Zamknij'; closes itself after 30 s; alerts off keeps it shut", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    hub = await startTestHub();
    await rememberMjpeg(page);
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await expect(page.getByTestId("live-spinner")).toBeHidden({ timeout: 15_000 });

    await publishDevice(hub, "zigbee2mqtt/dzwonek_brama", PRESS);
    const popup = page.getByRole("dialog", { name: "Ktoś dzwoni przy bramce." });
    await expect(popup).toBeVisible({ timeout: 10_000 });
    for (const label of ["Furtka (zbliżenie)", "Brama wjazdowa"]) {
      const picture = popup.getByRole("img", { name: label, exact: true });
      await expect
        .poll(async () => Number(await picture.getAttribute("data-frames")), { timeout: 15_000 })
        .toBeGreaterThan(2);
    }
    await popup.getByRole("button", { name: "Zamknij" }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByTestId("camera-image")).toHaveCount(0); // its streams went with it

    // A second ring: it closes by itself 30 s later.
    await page.waitForTimeout(1100); // the hub counts presses within 1 s as one ring
    await publishDevice(hub, "zigbee2mqtt/dzwonek_brama", PRESS);
    await expect(popup).toBeVisible({ timeout: 10_000 });
    const openedAt = Date.now();
    await expectNoA11yViolations(page, "doorbell popup");
    await page.waitForTimeout(Math.max(0, openedAt + 27_000 - Date.now()));
    await expect(popup).toBeVisible();
    await expect(popup).toBeHidden({ timeout: 8_000 });

    // Alerts off ('Powiadomienia' in the menu): a ring opens nothing.
    const off = await page.request.patch(`${hub.baseURL}/api/auth/v1/preferences`, {
      data: { preferences: { alerts: false } },
    });
    expect(off.status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("live-spinner")).toBeHidden({ timeout: 15_000 });
    await publishDevice(hub, "zigbee2mqtt/dzwonek_brama", PRESS);
    await page.waitForTimeout(3_000);
    await expect(popup).toHaveCount(0);
  });
});
