import type { Locator, Page } from "@playwright/test";
import { expectNoA11yViolations } from "./support/axe";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { startTestHub, type TestHub } from "./support/hub";

// Cameras end to end: the real hub's simulated cameras answer WebRTC with a looped VP8
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
  return ((window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections ?? []).map(
    (pc) => pc.connectionState,
  );
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

/**
 * Brings camera `id`'s live view to `mode` with the mode button (rtc -> hls -> mjpeg), whatever
 * mode it opened in (a refused WebRTC offer moves on by itself).
 */
async function selectMode(page: Page, id: string, mode: "rtc" | "hls" | "mjpeg"): Promise<void> {
  const view = page.getByTestId(`camera-live-${id}`);
  await expect(view).toHaveAttribute("data-mode", /^(rtc|hls|mjpeg)$/);
  await expect(async () => {
    if ((await view.getAttribute("data-mode")) !== mode) await page.getByRole("button", { name: /^Tryb: / }).click();
    await expect(view).toHaveAttribute("data-mode", mode, { timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
}

test.describe("cameras", () => {
  let hub: TestHub | undefined;
  test.afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  test("grid of previews -> live WebRTC with moving frames, its peer connection closed on leaving it -> MJPEG with moving frames, scaling cycle, and recovery after the hub kills the stream; then the zoom camera's settings, PTZ and a locked recording; axe", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // The simulator on: the demo-only motion trigger (POST /demo/motion/{id}) is the simulated cameras' motion sensor.
    hub = await startTestHub({ simulator: true });
    await page.addInitScript(trackPeerConnections);
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.getByRole("navigation", { name: "Pasek główny" }).getByRole("link", { name: "Kamery" }).click();

    const grid = page.getByTestId("camera-grid");
    await expect(grid.getByRole("link")).toHaveCount(3);
    await expect(grid.getByTestId("camera-preview-brama")).toBeVisible();
    await expect
      .poll(() => grid.getByTestId("camera-preview-ogrod").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
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
    await expect
      .poll(async () => (await page.evaluate(peerStates)).filter((state) => state !== "closed"))
      .toEqual(["connected"]);
    await expectNoA11yViolations(page, "camera live view (WebRTC)");

    // Leaving WebRTC (the mode button, up to MJPEG) closes its peer connection; none is left open.
    const modeButton = page
      .getByRole("group", { name: "Sterowanie podglądem" })
      .getByRole("button", { name: /^Tryb: / });
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

    // Camera settings: the zoom camera renamed in its settings dialog; the live view's
    // heading and picture (here the WebRTC video, its accessible name) take the new label.
    await page.goto(`${hub.baseURL}/cameras/live?id=zoom`);
    await expect(page.getByRole("heading", { level: 1, name: "Furtka (zbliżenie)" })).toBeVisible();
    await page.getByRole("button", { name: "Ustawienia kamery" }).click();
    const settings = page.getByRole("dialog", { name: "Ustawienia kamery: Furtka (zbliżenie)" });
    await expect(settings).toBeVisible();
    await expectNoA11yViolations(page, "camera settings");
    await settings.getByLabel("Nazwa").fill("Furtka od ulicy");
    await settings.getByRole("button", { name: "Zapisz" }).click();
    await expect(settings).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Furtka od ulicy" })).toBeVisible();
    await expect(page.getByTestId("camera-live-zoom")).toHaveAttribute("data-mode", "rtc");
    await expect(page.getByTestId("camera-video")).toHaveAccessibleName("Furtka od ulicy");

    // PTZ right: the request goes out and the hub starts the move.
    const pad = page.getByRole("group", { name: "Sterowanie kamerą (PTZ)" });
    const moved = page.waitForResponse((response) => response.url().endsWith("/api/cameras/v1/controls/ptz/zoom"));
    await pad.getByRole("button", { name: "W prawo" }).click();
    expect((await moved).status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "Kamera nie wykonała ruchu" })).toHaveCount(0);

    // A motion event records a 5 s clip; it appears in the list, is locked, and stays locked after a reload.
    const recordings = page.getByTestId("recordings-zoom");
    await expect(recordings.getByText("Brak nagrań. Kamera nagrywa krótki klip, gdy wykryje ruch.")).toBeVisible();
    expect((await page.request.post(`${hub.baseURL}/api/cameras/v1/demo/motion/zoom`)).status()).toBe(200);
    await expect(recordings.getByRole("listitem")).toHaveCount(1, { timeout: 15_000 });
    const lock = recordings.getByRole("button", { name: /^Zablokuj nagranie z / });
    await expect(lock).toHaveAttribute("aria-pressed", "false");
    await lock.click();
    await expect(recordings.getByRole("button", { name: /^Odblokuj nagranie z / })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expectNoA11yViolations(page, "camera controls and recordings");
    await page.reload();
    await expect(
      page.getByTestId("recordings-zoom").getByRole("button", { name: /^Odblokuj nagranie z / }),
    ).toHaveAttribute("aria-pressed", "true");
  });

  test("live HLS: the hub's demo HLS (Debian's ffmpeg's live test source, which the test command installs) plays in hls.js, moving frames that keep coming for more than 10 s; axe", async ({
    loggedInPage: page,
  }) => {
    test.setTimeout(90_000);
    const playlists: string[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith("/index.m3u8"))
        void response.text().then(
          (text) => playlists.push(text),
          () => undefined,
        );
    });
    await page.getByRole("navigation", { name: "Pasek główny" }).getByRole("link", { name: "Kamery" }).click();
    await page.getByTestId("camera-grid").getByRole("link", { name: "Podgląd na żywo: Furtka (zbliżenie)" }).click();
    await expect(page).toHaveURL(/\/cameras\/live\?id=zoom$/);
    await selectMode(page, "zoom", "hls");
    await expect(page.getByRole("button", { name: /^Tryb: / })).toHaveText("Tryb: HLS");

    // hls.js (its own lazy chunk) reads GET /api/cameras/v1/live/hls/zoom/mobile/index.m3u8: with
    // ffmpeg on the hub's PATH, ffmpeg's live playlist (`seg<N>.ts`; without it the committed 8 s
    // clip looped, hub/cameras/hls/routes.test.ts). The overlay goes with the first frame.
    const video = page.getByTestId("camera-live-zoom").getByTestId("camera-video");
    await expect(page.getByTestId("camera-connecting")).toBeHidden({ timeout: 20_000 });
    await expectMoving(video, 5);
    expect(playlists.some((text) => /^seg\d+\.ts$/m.test(text))).toBe(true);
    await expectNoA11yViolations(page, "camera live view, HLS");

    // Longer than the committed clip: frames keep coming, without the overlay coming back or the
    // player starting again.
    const playhead = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
    const start = await playhead();
    await expect.poll(playhead, { timeout: 30_000, intervals: [1_000] }).toBeGreaterThan(start + 10);
    await expectMoving(video, 5);
    await expect(page.getByTestId("camera-connecting")).toBeHidden();
  });
});
