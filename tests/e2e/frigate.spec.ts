import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFrigateSimulator } from "../../hub/testing/frigate";
import { expect, loginThroughUi, test } from "./support/fixtures";

// The household's Frigate NVR: a simulator speaking Frigate's HTTP API and publishing its MQTT as
// Frigate's own user on the hub's broker; the real hub proxies its snapshots and clips to Chromium.

test("a Frigate event appears in the camera's recordings with its snapshot and label, its lock is Frigate's retain read back, its clip plays", async ({
  page,
  household,
}) => {
  test.setTimeout(60_000);
  const frigate = await startFrigateSimulator();
  const dir = mkdtempSync(join(tmpdir(), "e2e-frigate-"));
  try {
    const config = join(dir, "household.json");
    writeFileSync(
      config,
      JSON.stringify({
        cameras: [{ id: "wejscie", label: "Wejście", frigate: "front_door", source: { type: "demo", hue: 30 } }],
        frigate: { url: frigate.url },
      }),
    );
    const { hub, device } = await household({ env: { HUB_CONFIG: config } });
    await frigate.connect(device.mqttTcpUrl, await device.deviceLogin("frigate"));
    await loginThroughUi(page, { baseURL: hub.baseURL });
    await page.goto(`${hub.baseURL}/cameras/live?id=wejscie`);
    const recordings = page.getByTestId("recordings-wejscie");
    await expect(recordings.getByText("Brak nagrań. Kamera nagrywa krótki klip, gdy wykryje ruch.")).toBeVisible();

    // Frigate tracks a person at the front door: the event reaches the list by itself (camera/recordings/<id>).
    const event = await frigate.track({ camera: "front_door", label: "person", durationS: 2 });
    const id = `frigate-${event.id}`;
    const row = recordings.getByTestId(`recording-${id}`);
    await expect(row.getByTestId(`recording-label-${id}`)).toHaveText("Osoba", { timeout: 10_000 });
    await expect(row.getByTestId(`recording-thumb-${id}`)).toHaveAttribute("data-loaded", "true");
    expect(
      await row.getByTestId(`recording-thumb-${id}`).evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).toBe(320);

    // The lock is Frigate's retain: set there, and what the list shows after a reload is what Frigate says.
    await row.getByRole("button", { name: /^Zablokuj nagranie z / }).click();
    await expect(row.getByRole("button", { name: /^Odblokuj nagranie z / })).toHaveAttribute("aria-pressed", "true");
    expect(frigate.events.get(event.id)?.retain_indefinitely).toBe(true);
    await page.reload();
    const again = page.getByTestId("recordings-wejscie").getByTestId(`recording-${id}`);
    await expect(again.getByRole("button", { name: /^Odblokuj nagranie z / })).toHaveAttribute("aria-pressed", "true");

    // The clip plays through the hub (Frigate's address never reaches the page).
    await again.getByRole("button", { name: /^Odtwórz nagranie z / }).click();
    const video = page.getByTestId("recording-video");
    await expect(video).toBeVisible();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState >= 2 || element.currentTime > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(frigate.requests.some((request) => request.startsWith(`GET /api/events/${event.id}/clip.mp4`))).toBe(true);
    expect(await page.content()).not.toContain(frigate.url);
  } finally {
    await frigate.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
