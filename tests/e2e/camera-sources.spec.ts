import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeMjpegCamera } from "../../hub/testing/fake-cameras";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";

// A camera of the household file that is not go2rtc nor the demo: an IP camera's own
// MJPEG on loopback, behind a Basic login, proxied by the real hub to Chromium.

test("a household camera of type mjpeg: its live view falls from WebRTC to MJPEG by itself and shows the camera's moving frames, the login never in the page; axe", async ({
  page,
  household,
}) => {
  test.setTimeout(90_000);
  const camera = await startFakeMjpegCamera({ login: { user: "admin", password: "kamera-tajne" }, intervalMs: 200 });
  const dir = mkdtempSync(join(tmpdir(), "e2e-ip-camera-"));
  try {
    const config = join(dir, "household.json");
    const url = `${camera.url.replace("http://", "http://admin:kamera-tajne@")}/video.mjpg`;
    writeFileSync(
      config,
      JSON.stringify({ cameras: [{ id: "podjazd", label: "Podjazd", source: { type: "mjpeg", url } }] }),
    );
    const { hub } = await household({ env: { HUB_CONFIG: config } });
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/cameras/live?id=podjazd`);
    await expect(page.getByRole("heading", { level: 1, name: "Podjazd" })).toBeVisible();
    // The hub has no WebRTC for a plain MJPEG camera: the view moves on to MJPEG, the only mode it has.
    const live = page.getByTestId("camera-live-podjazd");
    await expect(live).toHaveAttribute("data-mode", "mjpeg", { timeout: 15_000 });
    const picture = page.getByRole("img", { name: "Podjazd", exact: true });
    const framesOf = async () => Number((await picture.getAttribute("data-frames")) ?? 0);
    await expect.poll(framesOf, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId("camera-connecting")).toBeHidden();
    // one upstream open, shared (the hub's own health probe may have opened and closed one before the view)
    expect(camera.openStreams).toBe(1);
    expect(camera.requests.every((request) => request.authorized)).toBe(true);
    expect(await page.content()).not.toMatch(/kamera-tajne|127\.0\.0\.1:\d+\/video/);
    await expectNoA11yViolations(page, "camera live view (mjpeg source)");
  } finally {
    await camera.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
