import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeMjpegCamera } from "../../hub/testing/fake-cameras";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { snapshotRow } from "./support/liveSnapshot";

// camera/config and camera/state (spec §3, DESIGN §3): an IP camera's own MJPEG on loopback, read by
// the real hub, whose state reaches Chromium through the broker the household runs. The camera then
// stops sending (its connection stays open, no picture): the live view and /cameras say so.

for (const broker of ["embedded", "mosquitto"] as const) {
  test(`${broker} broker: a fresh hub's dashboard has camera/config; a camera that stops sending shows 'Brak sygnału od …' in its live view and on /cameras`, async ({
    page,
    household,
  }) => {
    test.setTimeout(120_000);
    const camera = await startFakeMjpegCamera({ intervalMs: 200 });
    const dir = mkdtempSync(join(tmpdir(), "e2e-camera-state-"));
    try {
      const config = join(dir, "household.json");
      writeFileSync(
        config,
        JSON.stringify({
          cameras: [{ id: "podjazd", label: "Podjazd", source: { type: "mjpeg", url: `${camera.url}/video.mjpg` } }],
        }),
      );
      const { hub } = await household({ env: { HUB_CONFIG: config }, broker });
      await loginThroughUi(page, { baseURL: hub.baseURL });

      // No camera was edited: camera/config is in the dashboard's live state from the hub's start.
      await expect
        .poll(async () => (await snapshotRow(page, "camera/config"))?.value, { timeout: 20_000 })
        .toEqual({ cameras: [{ id: "podjazd", motion: false, sound: false, nightmode: false }] });

      // Opening the live view asks the hub for the camera's current item (spec §7).
      const itemCall = page.waitForRequest(
        (request) =>
          request.method() === "GET" && new URL(request.url()).pathname === "/api/cameras/v5/cameras/podjazd",
      );
      await page.goto(`${hub.baseURL}/cameras/live?id=podjazd`);
      await itemCall;
      await expect(page.getByRole("heading", { level: 1, name: "Podjazd" })).toBeVisible();
      const status = page.getByTestId("camera-status-podjazd");
      await expect(status).toContainText("Kamera działa", { timeout: 20_000 });
      await expect(page.getByTestId("camera-live-podjazd")).toHaveAttribute("data-mode", "mjpeg", { timeout: 15_000 });
      await expect(status).toContainText("Oglądający: 1", { timeout: 10_000 });

      camera.silent = true;
      await expect(status).toHaveText(/^Brak sygnału od \d+ s/, { timeout: 20_000 });
      await expect(status).toHaveAttribute("data-state", "no-signal");
      await expectNoA11yViolations(page, "live view of a camera without signal");

      await page.getByRole("link", { name: "Wróć do listy kamer" }).click();
      const card = page.getByTestId("camera-status-podjazd");
      await expect(card).toHaveText(/^Brak sygnału od \d+ s$/, { timeout: 10_000 });
      // The card's link says it too: its name holds the camera's state.
      await expect(page.getByRole("link", { name: /Podjazd.*Brak sygnału od/ })).toBeVisible();
      await expectNoA11yViolations(page, "cameras with a camera without signal");

      camera.silent = false;
      await page.getByRole("link", { name: /Podjazd/ }).click();
      await expect(page.getByTestId("camera-status-podjazd")).toContainText("Kamera działa", { timeout: 20_000 });
    } finally {
      await camera.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
