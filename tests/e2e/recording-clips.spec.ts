import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRtspCamera } from "../../hub/simulator/rtsp-camera";
import { expect, loginThroughUi, test } from "./support/fixtures";
import { repoRoot } from "./support/hub";
import { loadFixture } from "./support/mqtt";
import { startZigbee2Mqtt, type BridgeEntry } from "./support/zigbee2mqtt";

// A camera without an NVR: an RTSP camera (the hub's RTSP simulator, behind a login) whose household
// `record` follows the garage's Zigbee2MQTT motion sensor. The gateway reports occupancy through the
// embedded broker as its own user; the hub's ffmpeg records an MP4 clip; the clip appears in the
// camera's recordings list in Chromium, its lock toggles and reads back after a reload, its snapshot
// shows and the MP4 plays in the list's <video>.

const ENTRIES = (
  JSON.parse(
    readFileSync(join(repoRoot, "tests", "fixtures", "zigbee2mqtt", "bridge_devices_household.json"), "utf8"),
  ) as { payload: BridgeEntry[] }
).payload;
const STATES = loadFixture("zigbee2mqtt/household_states.json").payload as Record<string, Record<string, unknown>>;

test("an occupancy payload from the garage's motion sensor records a clip of its RTSP camera that appears in the recordings list; its lock toggles, its snapshot shows, it plays", async ({
  page,
  household,
}) => {
  test.setTimeout(90_000);
  const camera = await startRtspCamera({ login: { user: "admin", password: "kamera-tajne" } });
  const dir = mkdtempSync(join(tmpdir(), "e2e-recording-clips-"));
  try {
    const config = join(dir, "household.json");
    writeFileSync(
      config,
      JSON.stringify({
        sensors: [
          {
            id: "ruch_garaz",
            kind: "occupancy",
            place: "garaz",
            label: "Ruch w garażu",
            room: "Garaż",
            source: { type: "zigbee2mqtt", device: "Hall motion", property: "occupancy" },
          },
        ],
        cameras: [
          {
            id: "garaz",
            label: "Garaż",
            source: { type: "rtsp", url: camera.url.replace("rtsp://", "rtsp://admin:kamera-tajne@") },
            record: { motionSensor: "ruch_garaz", seconds: 5 },
          },
        ],
      }),
    );
    const { hub, device } = await household({ env: { HUB_CONFIG: config } });
    const gateway = await startZigbee2Mqtt(device, ENTRIES, STATES);
    try {
      await loginThroughUi(page, { baseURL: hub.baseURL });
      await page.goto(`${hub.baseURL}/cameras/live?id=garaz`);
      await expect(page.getByRole("heading", { level: 1, name: "Garaż" })).toBeVisible();
      const recordings = page.getByTestId("recordings-garaz");
      await expect(recordings.getByText("Brak nagrań. Kamera nagrywa krótki klip, gdy wykryje ruch.")).toBeVisible();

      // Someone walks into the garage and out: the clip runs 5 s past the sensor's "no motion".
      await gateway.report("Hall motion", { occupancy: true });
      await page.waitForTimeout(1_000);
      await gateway.report("Hall motion", { occupancy: false });
      await expect(recordings.getByRole("listitem")).toHaveCount(1, { timeout: 25_000 });
      const lock = recordings.getByRole("button", { name: /^Zablokuj nagranie z / });
      await expect(lock).toHaveAttribute("aria-pressed", "false");
      await lock.click();
      await expect(recordings.getByRole("button", { name: /^Odblokuj nagranie z / })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await page.reload();
      const row = page.getByTestId("recordings-garaz").getByRole("listitem");
      await expect(row.getByRole("button", { name: /^Odblokuj nagranie z / })).toHaveAttribute("aria-pressed", "true");

      // Its snapshot (ffmpeg's JPEG of the first picture) and the MP4 itself, served with Range, in <video>.
      const thumb = row.locator("img");
      await expect(thumb).toHaveAttribute("data-loaded", "true");
      expect(await thumb.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(640);
      await row.getByRole("button", { name: /^Odtwórz nagranie z / }).click();
      const video = page.getByTestId("recording-video");
      await expect(video).toBeVisible();
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState >= 2 || element.currentTime > 0), {
          timeout: 15_000,
        })
        .toBe(true);
      expect(await page.content()).not.toMatch(/kamera-tajne|rtsp:\/\//);
    } finally {
      await gateway.close();
    }
  } finally {
    await camera.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
