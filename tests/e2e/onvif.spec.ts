import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeMjpegCamera } from "../../hub/testing/fake-cameras";
import { startOnvifCamera } from "../../hub/testing/onvif-camera";
import { expect, loginThroughUi, test } from "./support/fixtures";

// An IP camera of the household file with its ONVIF device service: its picture an MJPEG stream,
// its PTZ, presets and night mode the ONVIF SOAP simulator (hub/testing/onvif-camera.ts), behind a
// WS-Security login, driven by the real hub from the camera view in Chromium.

test("an ONVIF camera: the PTZ pad moves it (ContinuousMove, then Stop ~250 ms later), a preset is chosen, night mode toggles and reads back; the login never in the page", async ({
  page,
  household,
}) => {
  test.setTimeout(60_000);
  const onvif = await startOnvifCamera({ presets: "all", password: "onvif-tajne" });
  const picture = await startFakeMjpegCamera({ intervalMs: 200 });
  const dir = mkdtempSync(join(tmpdir(), "e2e-onvif-camera-"));
  try {
    const config = join(dir, "household.json");
    writeFileSync(
      config,
      JSON.stringify({
        cameras: [
          {
            id: "podjazd",
            label: "Podjazd",
            // No `ptz`: the camera's own device service names its PTZ service, so the pad shows.
            source: { type: "mjpeg", url: `${picture.url}/video.mjpg` },
            onvif: { url: onvif.url, username: "admin", password: "onvif-tajne" },
          },
        ],
      }),
    );
    const { hub } = await household({ env: { HUB_CONFIG: config } });
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/cameras/live?id=podjazd`);
    await expect(page.getByRole("heading", { level: 1, name: "Podjazd" })).toBeVisible();

    // PTZ right: the camera got ContinuousMove at pan 1, then Stop about 250 ms later.
    const pad = page.getByRole("group", { name: "Sterowanie kamerą (PTZ)" });
    const moved = page.waitForResponse((response) => response.url().endsWith("/api/cameras/v1/controls/ptz/podjazd"));
    await pad.getByRole("button", { name: "W prawo" }).click();
    expect((await moved).status()).toBe(200);
    await expect.poll(() => onvif.moves.map((move) => move.action)).toEqual(["ContinuousMove", "Stop"]);
    const [start, stop] = onvif.moves;
    expect(start).toMatchObject({ pan: 1, tilt: 0, zoom: 0 });
    expect(stop!.at - start!.at).toBeGreaterThanOrEqual(240);
    expect(stop!.at - start!.at).toBeLessThan(1000);

    // The camera's presets in the menu under the pad: P005 chosen, the camera went there.
    const presets = page.getByRole("combobox", { name: "Zapamiętane pozycje" });
    // the fixture's 46 presets (a real camera's GetPresets answer) after "Przejdź do pozycji…"
    await expect(presets.getByRole("option")).toHaveCount(47);
    await presets.selectOption({ label: "P005" });
    await expect.poll(() => onvif.moves.at(-1)).toMatchObject({ action: "GotoPreset", preset: "P005" });
    await expect(presets).toHaveValue("");

    // Night mode on: IR cut filter out and IR lamp on at the camera; the switch shows what the camera reports.
    const night = page.getByRole("switch", { name: "Tryb nocny (podczerwień)" });
    await expect(night).not.toBeChecked();
    await night.click();
    await expect(night).toBeChecked();
    expect([onvif.irCutFilter, onvif.irLamp]).toEqual(["OFF", true]);
    await night.click();
    await expect(night).not.toBeChecked();
    expect([onvif.irCutFilter, onvif.irLamp]).toEqual(["ON", false]);
    await page.reload();
    await expect(page.getByRole("switch", { name: "Tryb nocny (podczerwień)" })).not.toBeChecked();

    const content = await page.content();
    expect(content).not.toContain("onvif-tajne");
    expect(content).not.toContain(onvif.url);
    expect(onvif.calls.every((call) => call.authorized || call.action === "GetSystemDateAndTime")).toBe(true);
  } finally {
    await onvif.close();
    await picture.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
