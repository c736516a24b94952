import type { Locator } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { startTestHub, type TestHub } from "./support/hub";

// Cameras end to end (issue 12): the real hub's simulated cameras answer WebRTC with a looped VP8
// clip (werift) and draw JPEG frames (clock and frame counter) streamed as multipart/x-mixed-replace;
// the page shows the video, or reads the MJPEG stream with fetch, splits it on the boundary and
// shows the latest frame. `data-frames` counts the frames shown.

/** Keeps every RTCPeerConnection the page makes in `window.__peerConnections` (to see that none is left open). */
function trackPeerConnections(): void {
  const Native = window.RTCPeerConnection;
  const made: RTCPeerConnection[] = [];
  Object.assign(window, { __peerConnections: made });
  window.RTCPeerConnection = class extends Native {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      made.push(this);
    }
  };
}

/** The connection states of the page's peer connections, oldest first. */
function peerStates(): string[] {
  return ((window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections ?? []).map((pc) => pc.connectionState);
}

/** Frames shown so far by the live picture. */
async function framesOf(picture: Locator): Promise<number> {
  return Number((await picture.getAttribute("data-frames")) ?? 0);
}

/** Waits until the live picture has shown `more` frames after now (moving picture). */
async function expectMoving(picture: Locator, more = 3, timeout = 15_000): Promise<void> {
  const start = await framesOf(picture);
  await expect.poll(() => framesOf(picture), { timeout }).toBeGreaterThanOrEqual(start + more);
}

test.describe("cameras", () => {
  let hub: TestHub | undefined;
  test.afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  test("grid of previews -> live WebRTC with moving frames, its peer connection closed on leaving it -> MJPEG with moving frames, scaling cycle, and recovery after the hub kills the stream; axe", async ({ page }) => {
    test.setTimeout(120_000);
    hub = await startTestHub();
    await page.addInitScript(trackPeerConnections);
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.getByRole("navigation", { name: "Pasek główny" }).getByRole("link", { name: "Kamery" }).click();

    const grid = page.getByTestId("camera-grid");
    await expect(grid.getByRole("link")).toHaveCount(3);
    await expect(grid.getByRole("img", { name: "Podgląd: Brama wjazdowa" })).toBeVisible();
    await expect.poll(() => grid.getByRole("img", { name: "Podgląd: Ogród" }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoA11yViolations(page, "cameras");

    await grid.getByRole("link", { name: "Podgląd na żywo: Brama wjazdowa" }).click();
    await expect(page).toHaveURL(/\/cameras\/live\?id=brama$/);
    await expect(page.getByRole("heading", { level: 1, name: "Brama wjazdowa" })).toBeVisible();
    // The view opens in WebRTC (spec §4 default): the hub answers the SDP offer and sends its looped
    // VP8 clip; the video shows moving frames and the overlay 'Łączenie' goes.
    const live = page.getByTestId("camera-live-brama");
    await expect(live).toHaveAttribute("data-mode", "rtc");
    const video = page.getByTestId("camera-video");
    await expect(video).toHaveAccessibleName("Brama wjazdowa");
    await expectMoving(video, 10);
    await expect(page.getByTestId("camera-connecting")).toBeHidden();
    // One open peer connection (any earlier attempt closed).
    await expect.poll(async () => (await page.evaluate(peerStates)).filter((state) => state !== "closed")).toEqual(["connected"]);
    await expectNoA11yViolations(page, "camera live view (WebRTC)");

    // Leaving WebRTC (the mode button, up to MJPEG) closes its peer connection; none is left open.
    const modeButton = page.getByRole("group", { name: "Sterowanie podglądem" }).getByRole("button", { name: /^Tryb: / });
    for (let i = 0; i < 2 && (await live.getAttribute("data-mode")) !== "mjpeg"; i++) await modeButton.click();
    await expect(live).toHaveAttribute("data-mode", "mjpeg");
    await expect(modeButton).toHaveText("Tryb: MJPEG");
    await expect.poll(async () => (await page.evaluate(peerStates)).filter((state) => state !== "closed")).toEqual([]);
    expect((await page.evaluate(peerStates)).length).toBeGreaterThan(0);
    const picture = page.getByRole("img", { name: "Brama wjazdowa", exact: true });
    await expectMoving(picture);
    await expect(page.getByTestId("camera-connecting")).toBeHidden();
    await expectNoA11yViolations(page, "camera live view");

    // Scaling cycles stretch -> contain -> cover and the picture follows.
    const view = page.getByTestId("camera-live-brama");
    await expect(view).toHaveAttribute("data-scaling", "stretch");
    await page.getByRole("button", { name: /^Skalowanie: / }).click();
    await expect(view).toHaveAttribute("data-scaling", "contain");
    await expect(picture).toHaveCSS("object-fit", "contain");
    await page.getByRole("button", { name: /^Skalowanie: / }).click();
    await expect(picture).toHaveCSS("object-fit", "cover");

    // The hub goes away: the overlay comes back within 3 s of the last frame; the hub returns: frames again, by themselves.
    await hub.stop();
    await expect(page.getByTestId("camera-connecting")).toBeVisible({ timeout: 5_000 });
    await expect(page.getByTestId("camera-connecting")).toContainText("Łączenie");
    await hub.start();
    await expect(page.getByTestId("camera-connecting")).toBeHidden({ timeout: 20_000 });
    await expectMoving(picture);

    // The choice is remembered: a reload opens MJPEG with cover again.
    await page.reload();
    await expect(page.getByTestId("camera-live-brama")).toHaveAttribute("data-mode", "mjpeg");
    await expect(page.getByTestId("camera-live-brama")).toHaveAttribute("data-scaling", "cover");
    await expectMoving(page.getByRole("img", { name: "Brama wjazdowa", exact: true }));
  });
});
