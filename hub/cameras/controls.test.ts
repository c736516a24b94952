import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  NightmodeAnswerSchema,
  PtzAnswerSchema,
  RecordingAnswerSchema,
  RecordingsAnswerSchema,
  demoMotionPath,
  nightmodePath,
  ptzPath,
  recordingLockPath,
  recordingPath,
  recordingsPath,
  recordingsTopic,
} from "../../contract/camera-controls";
import { CameraAnswerSchema, MJPEG_BOUNDARY, cameraPath } from "../../contract/cameras";
import { ErrorBodySchema } from "../../contract/envelope";
import { useCameraHub } from "../testing/camera-hub";
import { call, connectBrowser, jsonOf, login, nextMessage, startTestHub, type TestHub } from "../testing/harness";
import { decodeClip } from "./recordings/clip";
import { CAMERA_CONFIG_TOPIC } from "./service";

const V1 = "/api/cameras/v1";
const V5 = "/api/cameras/v5";

/** The error body's message of a refused call, checked to have `status`. */
async function refusal(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status);
  return (await jsonOf(response, ErrorBodySchema)).message ?? "";
}

describe("camera controls and recordings (spec §5-§7, §9)", () => {
  let hub: TestHub;
  let cookie: string;
  useCameraHub({ simulator: true }, (started) => ({ hub, cookie } = started));

  it("PTZ: the body is checked field by field (400 naming it), a camera without PTZ is 409 NOT_SUPPORTED, the zoom camera moves", async () => {
    const ptz = (id: string, body: unknown) => call(hub, "POST", `${V1}${ptzPath(id)}`, { cookie, body });
    expect(await refusal(await ptz("zoom", { pan: 2 }), 400)).toMatch(/^pan: /);
    expect(await refusal(await ptz("zoom", { tilt: "up" }), 400)).toMatch(/^tilt: /);
    expect(await refusal(await ptz("zoom", {}), 400)).toMatch(/^pan: /);
    expect(await refusal(await ptz("zoom", { pan: 0, tilt: 0, zoom: 0 }), 400)).toMatch(/^pan: /);
    expect(await refusal(await ptz("zoom", { pan: 1, duration: 10 }), 400)).toMatch(/^duration: /);
    expect(await refusal(await ptz("zoom", { pan: 1, duration: 1.5 }), 400)).toMatch(/^duration: /);
    expect(await refusal(await ptz("zoom", { pan: 1, speed: 3 }), 400)).toMatch(/unknown field/);
    expect(await refusal(await ptz("ogrod", { pan: 1 }), 409)).toBe("this camera has no PTZ");
    expect(await refusal(await ptz("nie-ma", { pan: 1 }), 404)).toBe("no such camera");
    const moved = await jsonOf(await ptz("zoom", { pan: 0.5 }), PtzAnswerSchema);
    expect(moved.item).toEqual({ id: "zoom", pan: 0.5, tilt: 0, zoom: 0, duration: 250 });
    const camera = await jsonOf(await call(hub, "GET", `${V5}${cameraPath("zoom")}`, { cookie }), CameraAnswerSchema);
    expect(camera.item.ptz).toBe(true);
  });

  it("night mode: stored (the item reads it back, across a restart), camera/config republished; a bad mode is 400 naming it", async () => {
    expect(
      await refusal(await call(hub, "POST", `${V1}${nightmodePath("ogrod")}`, { cookie, body: { mode: "on" } }), 400),
    ).toMatch(/^mode: /);
    expect((await call(hub, "POST", `${V1}${nightmodePath("nie-ma")}`, { cookie, body: { mode: true } })).status).toBe(
      404,
    );
    const browser = await connectBrowser(hub, cookie);
    try {
      // camera/config is retained from the hub's start: take that copy first, then the one the call publishes.
      const retained = nextMessage(browser, CAMERA_CONFIG_TOPIC);
      await browser.subscribeAsync(CAMERA_CONFIG_TOPIC);
      expect((await retained).retain).toBe(true);
      // The hub may republish camera/config for other reasons (a camera's state): wait for the copy with ogrod's change.
      const ogrodNightmode = (payload: string) =>
        (JSON.parse(payload) as { cameras: { id: string; nightmode: boolean }[] }).cameras.find((c) => c.id === "ogrod")
          ?.nightmode === true;
      const published = nextMessage(browser, CAMERA_CONFIG_TOPIC, 5000, ogrodNightmode);
      const answer = await jsonOf(
        await call(hub, "POST", `${V1}${nightmodePath("ogrod")}`, { cookie, body: { mode: true } }),
        NightmodeAnswerSchema,
      );
      expect(answer.item).toMatchObject({ id: "ogrod", nightmode: true });
      const config = JSON.parse((await published).payload) as { cameras: { id: string; nightmode: boolean }[] };
      expect(config.cameras.find((camera) => camera.id === "ogrod")?.nightmode).toBe(true);
    } finally {
      browser.end(true);
    }
    const again = await startTestHub({ dataDir: hub.dataDir });
    try {
      const item = await jsonOf(
        await call(again, "GET", `${V5}${cameraPath("ogrod")}`, { cookie: await login(again) }),
        CameraAnswerSchema,
      );
      expect(item.item.nightmode).toBe(true);
    } finally {
      await again.close();
    }
  });

  it("a demo motion event records a clip; the lock toggles, is kept across a restart and refuses DELETE; playback is MJPEG at the recorded pace", async () => {
    expect((await call(hub, "POST", `${V1}${demoMotionPath("nie-ma")}`, { cookie })).status).toBe(404);
    expect(await refusal(await call(hub, "GET", `${V1}/recordings?cameraId=../x`, { cookie }), 400)).toMatch(
      /^cameraId: /,
    );
    const browser = await connectBrowser(hub, cookie);
    let id: string;
    try {
      await browser.subscribeAsync(recordingsTopic("brama"));
      const announced = nextMessage(browser, recordingsTopic("brama"), 10_000);
      expect((await call(hub, "POST", `${V1}${demoMotionPath("brama")}`, { cookie })).status).toBe(200);
      await announced;
      const list = await jsonOf(
        await call(hub, "GET", `${V1}${recordingsPath("brama")}`, { cookie }),
        RecordingsAnswerSchema,
      );
      expect(list.items).toHaveLength(1);
      const recording = list.items[0]!;
      expect(recording).toMatchObject({ cameraId: "brama", locked: false, durationMs: 5000 });
      expect(recording.bytes).toBeGreaterThan(10_000);
      id = recording.id;
    } finally {
      browser.end(true);
    }
    const file = join(hub.dataDir, "recordings", `${id}.mjpeg`);
    expect(existsSync(file)).toBe(true);

    const started = Date.now();
    const playback = await call(hub, "GET", `${V1}${recordingPath(id)}`, { cookie });
    expect(playback.headers.get("content-type")).toBe(`multipart/x-mixed-replace; boundary=${MJPEG_BOUNDARY}`);
    const frames = decodeClip(Buffer.from(await playback.arrayBuffer()));
    expect(Date.now() - started).toBeGreaterThan(3_500);
    expect(frames.length).toBeGreaterThanOrEqual(15);
    for (const frame of frames) expect([frame.jpeg[0], frame.jpeg[1]]).toEqual([0xff, 0xd8]);

    const locked = await jsonOf(
      await call(hub, "PATCH", `${V1}${recordingLockPath(id)}`, { cookie }),
      RecordingAnswerSchema,
    );
    expect(locked.item).toMatchObject({ id, locked: true });
    const refused = await call(hub, "DELETE", `${V1}${recordingPath(id)}`, { cookie });
    expect((await jsonOf(refused, ErrorBodySchema)).code).toBe("RECORDING_LOCKED");
    expect(refused.status).toBe(409);
    expect((await call(hub, "PATCH", `${V1}${recordingLockPath("rec-nie-ma")}`, { cookie, body: {} })).status).toBe(
      404,
    );
    expect(
      await refusal(
        await call(hub, "PATCH", `${V1}${recordingLockPath(id)}`, { cookie, body: { locked: false } }),
        400,
      ),
    ).toMatch(/unknown field/);

    const again = await startTestHub({ dataDir: hub.dataDir });
    try {
      const againCookie = await login(again);
      const list = await jsonOf(
        await call(again, "GET", `${V1}${recordingsPath("brama")}`, { cookie: againCookie }),
        RecordingsAnswerSchema,
      );
      expect(list.items.map((item) => [item.id, item.locked])).toEqual([[id, true]]);
      const unlocked = await jsonOf(
        await call(again, "PATCH", `${V1}${recordingLockPath(id)}`, { cookie: againCookie, body: {} }),
        RecordingAnswerSchema,
      );
      expect(unlocked.item.locked).toBe(false);
    } finally {
      await again.close();
    }
    expect((await call(hub, "DELETE", `${V1}${recordingPath(id)}`, { cookie })).status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await call(hub, "GET", `${V1}${recordingPath(id)}`, { cookie })).status).toBe(404);
  }, 30_000);
});
