import type { MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMERAS_PATH, CamerasAnswerSchema } from "../../../contract/cameras";
import { CAMERA_CONFIG_TOPIC } from "../../../contract/camera-state";
import { ptzPath } from "../../../contract/camera-controls";
import { useCameraHub } from "../../testing/camera-hub";
import { call, connectBrowser, jsonOf, type TestHub } from "../../testing/harness";
import { startOnvifCamera, type OnvifCameraSimulator } from "../../testing/onvif-camera";

// An ONVIF camera the household file does not say has PTZ says it itself: the hub asks its device
// service (GetServices, else GetCapabilities) at start, and again after a back-off while it does not
// answer; the camera item's `ptz` (which shows the dashboard's PTZ pad) follows, and `camera/config` is
// published again so the camera screens fetch their items anew. Against the ONVIF SOAP simulator.

const PASSWORD = "kamera-onvif";

function onvifCamera(id: string, url: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    label: id,
    source: { type: "hls", url: "http://127.0.0.1:9/stream.m3u8" },
    onvif: { url, username: "admin", password: PASSWORD },
    ...extra,
  };
}

describe("PTZ learned from an ONVIF camera's own services", () => {
  let turning: OnvifCameraSimulator;
  let fixed: OnvifCameraSimulator;
  let late: OnvifCameraSimulator;
  let hub: TestHub;
  let cookie: string;

  beforeAll(async () => {
    turning = await startOnvifCamera({ pullHoldMs: 500 });
    fixed = await startOnvifCamera({ ptz: false, pullHoldMs: 500 });
    late = await startOnvifCamera({ pullHoldMs: 500 });
    await late.down();
  });
  afterAll(async () => {
    await turning.close();
    await fixed.close();
    await late.close();
  });
  useCameraHub(
    () => ({
      cameras: [
        onvifCamera("obrotowa", turning.url),
        onvifCamera("stala", fixed.url),
        onvifCamera("bez-ptz", turning.url, { ptz: false }),
        onvifCamera("pozna", late.url),
      ],
      env: { HUB_ONVIF_RETRY_MS: "200", HUB_ONVIF_TIMEOUT_MS: "2000" },
    }),
    (started) => ({ hub, cookie } = started),
  );

  const ptzOf = async () => {
    const response = await call(hub, "GET", `/api/cameras/v5${CAMERAS_PATH}`, { cookie });
    expect(response.status).toBe(200);
    return Object.fromEntries((await jsonOf(response, CamerasAnswerSchema)).items.map((item) => [item.id, item.ptz]));
  };

  it("a camera naming a PTZ service gets the pad, one without does not, and the household's `ptz: false` wins", async () => {
    await expect
      .poll(ptzOf, { timeout: 10_000 })
      .toEqual({ obrotowa: true, stala: false, "bez-ptz": false, pozna: false });
    const moved = await call(hub, "POST", `/api/cameras/v1${ptzPath("obrotowa")}`, { cookie, body: { pan: 0.5 } });
    expect(moved.status).toBe(200);
    await expect.poll(() => turning.moves.map((move) => move.action)).toContain("ContinuousMove");
  });

  it("a camera down at the hub's start is asked again: once it answers, its item has PTZ and camera/config is published again", async () => {
    const browser: MqttClient = await connectBrowser(hub, cookie);
    try {
      let configs = 0;
      browser.on("message", (topic) => {
        if (topic === CAMERA_CONFIG_TOPIC) configs += 1;
      });
      await browser.subscribeAsync(CAMERA_CONFIG_TOPIC);
      await expect.poll(() => configs).toBeGreaterThan(0); // the retained one
      const before = configs;
      expect((await ptzOf()).pozna).toBe(false);
      await late.up();
      await expect.poll(async () => (await ptzOf()).pozna, { timeout: 15_000 }).toBe(true);
      await expect.poll(() => configs).toBeGreaterThan(before);
    } finally {
      browser.end(true);
    }
  });
});
