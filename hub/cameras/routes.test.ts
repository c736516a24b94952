import type { MqttClient } from "mqtt";
import { describe, expect, it } from "vitest";
import {
  CameraAnswerSchema,
  CamerasAnswerSchema,
  CAMERAS_RELOAD_PATH,
  DEMO_DOORBELL_PATH,
  DemoCameraStallAnswerSchema,
  demoCameraStallPath,
  DOORBELL_RING_TOPIC,
  MJPEG_BOUNDARY,
  cameraPath,
  mjpegPath,
  snapshotPath,
} from "../../contract/cameras";
import { ErrorBodySchema } from "../../contract/envelope";
import { useCameraHub } from "../testing/camera-hub";
import {
  call,
  connectBrowser,
  connectDevice,
  jsonOf,
  login,
  nextMessage,
  startTestHub,
  type TestHub,
} from "../testing/harness";
import { MJPEG_LIMITS } from "./routes";
import { CAMERA_CONFIG_TOPIC } from "./service";

const V1 = "/api/cameras/v1";
const V5 = "/api/cameras/v5";

/** Reads an MJPEG response for `ms` and returns its JPEG parts (split on the fixed boundary). */
async function readParts(response: Response, ms: number): Promise<Buffer[]> {
  const reader = response.body!.getReader();
  const chunks: Buffer[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const next = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), end - Date.now())),
    ]);
    if (next === null || next.done) break;
    chunks.push(Buffer.from(next.value));
  }
  await reader.cancel();
  const all = Buffer.concat(chunks);
  const parts: Buffer[] = [];
  const marker = Buffer.from(`--${MJPEG_BOUNDARY}\r\n`);
  let at = all.indexOf(marker);
  while (at !== -1) {
    const headEnd = all.indexOf("\r\n\r\n", at);
    const length = Number(/Content-Length: (\d+)/.exec(all.subarray(at, headEnd).toString("latin1"))?.[1]);
    if (headEnd === -1 || !(length > 0) || headEnd + 4 + length > all.length) break;
    parts.push(all.subarray(headEnd + 4, headEnd + 4 + length));
    at = all.indexOf(marker, headEnd + 4 + length);
  }
  return parts;
}

describe("camera bases (spec §7)", () => {
  let hub: TestHub;
  let cookie: string;
  useCameraHub({ simulator: true }, (started) => ({ hub, cookie } = started));

  it("lists the demo household's cameras, zoom and brama among them, and answers one camera item", async () => {
    const list = await jsonOf(await call(hub, "GET", `${V5}/cameras`, { cookie }), CamerasAnswerSchema);
    expect(list.items.map((camera) => camera.id)).toEqual(["zoom", "brama", "ogrod"]);
    const zoom = await jsonOf(await call(hub, "GET", `${V5}${cameraPath("zoom")}`, { cookie }), CameraAnswerSchema);
    expect(zoom.item).toMatchObject({
      id: "zoom",
      enabled: true,
      mjpeg: true,
      hls: true,
      streams: { mobile: true },
      nightmode: false,
    });
  });

  it("needs a session; an unknown camera is 404; the v1 base does not answer camera items", async () => {
    expect((await call(hub, "GET", `${V5}/cameras`)).status).toBe(401);
    const missing = await call(hub, "GET", `${V5}${cameraPath("nie-ma")}`, { cookie });
    expect(missing.status).toBe(404);
    expect((await jsonOf(missing, ErrorBodySchema)).code).toBe("NOT_FOUND");
    expect((await call(hub, "GET", `${V1}${cameraPath("zoom")}`, { cookie })).status).toBe(404);
    expect((await call(hub, "GET", `${V1}${mjpegPath("../../config")}`, { cookie })).status).toBe(404);
  });

  it("PATCH changes label and scaling, kept across a restart; a bad value is 400 naming the field and changes nothing", async () => {
    const bad = await call(hub, "PATCH", `${V5}${cameraPath("ogrod")}`, {
      cookie,
      body: { config: { scaling: "zoom" } },
    });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad, ErrorBodySchema)).message).toMatch(/^config\.scaling/);
    expect((await call(hub, "PATCH", `${V5}${cameraPath("ogrod")}`, { cookie, body: { config: {} } })).status).toBe(
      400,
    );
    expect(
      (await call(hub, "PATCH", `${V5}${cameraPath("nie-ma")}`, { cookie, body: { config: { label: "x" } } })).status,
    ).toBe(404);
    const edited = await jsonOf(
      await call(hub, "PATCH", `${V5}${cameraPath("ogrod")}`, {
        cookie,
        body: { config: { label: "Ogród za domem", scaling: "cover" } },
      }),
      CameraAnswerSchema,
    );
    expect(edited.item).toMatchObject({ label: "Ogród za domem", scaling: "cover", blackAndWhite: true });
    const again = await startTestHub({ dataDir: hub.dataDir });
    try {
      const item = await jsonOf(
        await call(again, "GET", `${V5}${cameraPath("ogrod")}`, { cookie: await login(again) }),
        CameraAnswerSchema,
      );
      expect(item.item).toMatchObject({ label: "Ogród za domem", scaling: "cover" });
    } finally {
      await again.close();
    }
  });

  it("GET /live/mjpeg streams multipart/x-mixed-replace JPEG frames with the fixed boundary, each different", async () => {
    const response = await call(hub, "GET", `${V1}${mjpegPath("brama")}`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(`multipart/x-mixed-replace; boundary=${MJPEG_BOUNDARY}`);
    expect(response.headers.get("content-encoding")).toBeNull();
    const parts = await readParts(response, 1200);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (const part of parts) expect([part[0], part[1], part.at(-2), part.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    expect(parts[0]!.equals(parts[1]!)).toBe(false);
  });

  it("bounds the streams of a camera (429 TOO_MANY_STREAMS) and frees a place when a client goes", async () => {
    const open: Response[] = [];
    // Each session holds at most 2 streams of a camera (session-end.test.ts): the camera's bound needs several.
    const sessions = [cookie, ...(await Promise.all([1, 2, 3].map((n) => login(hub, "demo", "demo", `viewer ${n}`))))];
    for (let i = 0; i < MJPEG_LIMITS.perCamera; i++) {
      const response = await call(hub, "GET", `${V1}${mjpegPath("zoom")}`, { cookie: sessions[Math.floor(i / 2)] });
      expect(response.status).toBe(200);
      open.push(response);
    }
    const refused = await call(hub, "GET", `${V1}${mjpegPath("zoom")}`, { cookie: sessions[3] });
    expect(refused.status).toBe(429);
    expect((await jsonOf(refused, ErrorBodySchema)).code).toBe("TOO_MANY_STREAMS");
    await open.pop()!.body!.cancel();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      const retry = await call(hub, "GET", `${V1}${mjpegPath("zoom")}`, { cookie: sessions[3] });
      status = retry.status;
      if (status === 200) open.push(retry);
      else await retry.body?.cancel();
    }
    expect(status).toBe(200);
    for (const response of open) await response.body!.cancel();
  });

  it("GET /live/snapshot answers one JPEG", async () => {
    const response = await call(hub, "GET", `${V1}${snapshotPath("ogrod")}`, { cookie });
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const jpeg = Buffer.from(await response.arrayBuffer());
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
  });

  it("a press of the Zigbee2MQTT doorbell button from the device end becomes doorbell/ring (epoch ms); other payloads do not", async () => {
    const browser: MqttClient = await connectBrowser(hub, cookie);
    const device = await connectDevice(hub, "zigbee2mqtt");
    try {
      await browser.subscribeAsync(DOORBELL_RING_TOPIC);
      device.publish("zigbee2mqtt/dzwonek_brama", "not json");
      device.publish("zigbee2mqtt/dzwonek_brama", JSON.stringify({ action: "double", battery: 90 }));
      const before = Date.now();
      const ring = nextMessage(browser, DOORBELL_RING_TOPIC);
      device.publish("zigbee2mqtt/dzwonek_brama", JSON.stringify({ action: "single", battery: 90, linkquality: 110 }));
      const message = await ring;
      expect(Number(message.payload)).toBeGreaterThanOrEqual(before);
      expect(Number(message.payload)).toBeLessThanOrEqual(Date.now());
    } finally {
      device.end(true);
      browser.end(true);
    }
  });

  it("POST /config/cameras/reload on the general bases publishes camera/config again and answers the cameras", async () => {
    const browser = await connectBrowser(hub, cookie);
    try {
      // camera/config is retained from the hub's start: take that copy first, then the one the call publishes.
      const retained = nextMessage(browser, CAMERA_CONFIG_TOPIC);
      await browser.subscribeAsync(CAMERA_CONFIG_TOPIC);
      expect((await retained).retain).toBe(true);
      for (const base of ["/api/v2", "/api/v1"]) {
        const published = nextMessage(browser, CAMERA_CONFIG_TOPIC);
        const answer = await jsonOf(
          await call(hub, "POST", `${base}${CAMERAS_RELOAD_PATH}`, { cookie, body: {} }),
          CamerasAnswerSchema,
        );
        expect(answer.items.map((camera) => camera.id)).toEqual(["zoom", "brama", "ogrod"]);
        const config = JSON.parse((await published).payload) as { cameras: { id: string }[] };
        expect(config.cameras.map((camera) => camera.id)).toEqual(["zoom", "brama", "ogrod"]);
      }
      expect((await call(hub, "POST", `/api/v2${CAMERAS_RELOAD_PATH}`, { body: {} })).status).toBe(401);
    } finally {
      browser.end(true);
    }
  });

  it("demo mode: POST /demo/cameras/{id}/stall sends no frame for ms, then frames again; bad ms 400 naming it, unknown camera 404", async () => {
    const bad = await call(hub, "POST", `${V1}${demoCameraStallPath("brama")}`, { cookie, body: { ms: 5 } });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad, ErrorBodySchema)).message).toMatch(/^ms/);
    expect(
      (await call(hub, "POST", `${V1}${demoCameraStallPath("nie-ma")}`, { cookie, body: { ms: 1000 } })).status,
    ).toBe(404);
    expect((await call(hub, "POST", `${V1}${demoCameraStallPath("brama")}`, { body: { ms: 1000 } })).status).toBe(401);
    const stream = await call(hub, "GET", `${V1}${mjpegPath("brama")}`, { cookie });
    const reader = stream.body!.getReader();
    await reader.read(); // frames are coming
    const stalled = await jsonOf(
      await call(hub, "POST", `${V1}${demoCameraStallPath("brama")}`, { cookie, body: { ms: 1500 } }),
      DemoCameraStallAnswerSchema,
    );
    const stalledAt = Date.now();
    expect(stalled.item.stalledMs).toBe(1500);
    const arrivals: number[] = []; // ms after the stall began, per chunk read
    while (Date.now() < stalledAt + 2500) {
      const next = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), stalledAt + 2500 - Date.now())),
      ]);
      if (next === null || next.done) break;
      arrivals.push(Date.now() - stalledAt);
    }
    await reader.cancel();
    expect(arrivals.filter((at) => at > 300 && at < 1400)).toEqual([]); // (a frame may have been on its way as the stall began)
    expect(arrivals.some((at) => at >= 1400)).toBe(true); // same stream, frames again
  });

  it("HUB_DEMO_CAMERA_FPS raises the simulated cameras' frame rate (the long-run benchmark's acceleration)", async () => {
    const fast = await startTestHub({ demoCameraFps: 30 });
    try {
      const parts = await readParts(
        await call(fast, "GET", `${V1}${mjpegPath("ogrod")}`, { cookie: await login(fast) }),
        1200,
      );
      expect(parts.length).toBeGreaterThan(12); // 5 fps could give at most 7 in 1.2 s
    } finally {
      await fast.cleanup();
    }
  });

  it("demo mode: POST /demo/doorbell presses the simulated button, which rings", async () => {
    const browser = await connectBrowser(hub, cookie);
    try {
      await browser.subscribeAsync(DOORBELL_RING_TOPIC);
      await new Promise((resolve) => setTimeout(resolve, 1100)); // past the previous ring's 1 s debounce
      const ring = nextMessage(browser, DOORBELL_RING_TOPIC);
      expect((await call(hub, "POST", `${V1}${DEMO_DOORBELL_PATH}`, { cookie })).status).toBe(200);
      expect(Number((await ring).payload)).toBeGreaterThan(0);
    } finally {
      browser.end(true);
    }
  });
});
