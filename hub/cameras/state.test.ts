import type { MqttClient } from "mqtt";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  CAMERA_CONFIG_TOPIC,
  CameraConfigPayloadSchema,
  CameraStatePayloadSchema,
  cameraStateTopic,
  type CameraStatePayload,
} from "../../contract/camera-state";
import { cameraPath, mjpegPath } from "../../contract/cameras";
import { startCameraHub } from "../testing/camera-hub";
import { startFakeMjpegCamera } from "../testing/fake-cameras";
import { call, connectBrowser, until } from "../testing/harness";

/** Every `camera/state/<id>` a browser client received, parsed with the contract's schema, in order. */
function statesOf(browser: MqttClient, id: string): CameraStatePayload[] {
  const states: CameraStatePayload[] = [];
  browser.on("message", (topic, payload) => {
    if (topic === cameraStateTopic(id))
      states.push(v.parse(CameraStatePayloadSchema, JSON.parse(payload.toString("utf8"))));
  });
  return states;
}

describe("camera/config and camera/state on a real hub (spec §3, DESIGN §3)", () => {
  it("a fresh hub has camera/config retained without any edit, and a real MJPEG camera's state: online, the viewers, no signal when it stops sending, offline when disabled", async () => {
    const camera = await startFakeMjpegCamera({ intervalMs: 100 });
    const { hub, cookie, cleanup } = await startCameraHub({
      cameras: [{ id: "podjazd", label: "Podjazd", source: { type: "mjpeg", url: `${camera.url}/video.mjpg` } }],
    });
    const browser = await connectBrowser(hub, cookie);
    try {
      const configs: unknown[] = [];
      browser.on("message", (topic, payload, packet) => {
        if (topic === CAMERA_CONFIG_TOPIC && packet.retain) configs.push(JSON.parse(payload.toString("utf8")));
      });
      const states = statesOf(browser, "podjazd");
      await browser.subscribeAsync("camera/#");
      await until(() => configs.length > 0, 5_000);
      expect(v.parse(CameraConfigPayloadSchema, configs[0])).toEqual({
        cameras: [{ id: "podjazd", motion: false, sound: false, nightmode: false }],
      });

      // nobody watches: the hub's probe saw a frame
      await until(() => states.at(-1)?.state === "online", 10_000);
      expect(states.at(-1)).toMatchObject({ reason: null, viewers: 0 });

      const stream = await call(hub, "GET", `/api/cameras/v1${mjpegPath("podjazd")}`, { cookie });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      await until(() => states.at(-1)?.viewers === 1, 5_000);

      camera.silent = true;
      const silencedAt = Date.now();
      await until(() => states.at(-1)?.state === "no-signal", 12_000);
      const noSignal = states.at(-1)!;
      expect(Date.parse(noSignal.since)).toBeLessThanOrEqual(silencedAt + 50);
      expect(noSignal.lastFrameAt).toBe(noSignal.since);
      await reader.cancel();

      expect(
        (
          await call(hub, "PATCH", `/api/cameras/v5${cameraPath("podjazd")}`, {
            cookie,
            body: { config: { enabled: false } },
          })
        ).status,
      ).toBe(200);
      await until(() => states.at(-1)?.reason === "disabled", 5_000);
      expect(states.at(-1)).toMatchObject({ state: "offline", viewers: 0 });
    } finally {
      browser.end(true);
      await cleanup();
      await camera.close();
    }
  }, 60_000);
});
