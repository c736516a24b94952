import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as v from "valibot";
import { afterAll, describe, expect, it } from "vitest";
import { demoMotionPath, recordingPath, recordingsPath } from "../../src/shared/contract/camera-controls";
import { cameraPath, hlsPath, mjpegPath, RtcAnswerSchema, rtcPath } from "../../src/shared/contract/cameras";
import { ErrorBodySchema } from "../../src/shared/contract/envelope";
import { useCameraHub } from "../testing/camera-hub";
import { call, jsonOf, login, type TestHub } from "../testing/harness";
import { openViewer } from "../testing/rtc-viewer";

const V1 = "/api/cameras/v1";
const V5 = "/api/cameras/v5";
const AUTH = "/api/auth/v1";
/** The contract's bound: a session's end closes its streams within this, ms. */
const END_WITHIN_MS = 2_000;

/** A camera web server that takes every request and never answers (an HLS camera whose playlist hangs). */
async function startHangingCamera(): Promise<{ server: Server; port: number }> {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/**
 * Reads `response`'s body until it ends or fails; answers how long after `since` that happened, or
 * null when it was still open after `limitMs`.
 */
async function endedAfter(response: Response, since: () => number, limitMs = 6_000): Promise<number | null> {
  const reader = response.body!.getReader();
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), limitMs));
  const ended = (async () => {
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch {
      // a cut connection ends the body with an error
    }
    return Date.now() - since();
  })();
  const result = await Promise.race([ended, timeout]);
  if (result === null) await reader.cancel().catch(() => undefined);
  return result;
}

const RecordingsSchema = v.object({ items: v.array(v.object({ id: v.string() })) });

describe("a session's end closes its camera streams (docs/contract.md 'Cameras')", () => {
  let hub: TestHub;
  let hanging: { server: Server; port: number };
  useCameraHub(
    async () => {
      hanging = await startHangingCamera();
      return {
        simulator: true,
        cameras: [
          { id: "zoom", label: "Furtka", mobile: true, source: { type: "demo", hue: 210 } },
          { id: "brama", label: "Brama wjazdowa", source: { type: "demo", hue: 30 } },
          { id: "strych", label: "Strych", source: { type: "hls", url: `http://127.0.0.1:${hanging.port}/live/index.m3u8` } },
        ],
      };
    },
    (started) => ({ hub } = started),
  );
  afterAll(() => {
    hanging.server.closeAllConnections();
    hanging.server.close();
  });

  it("locking a session ends its MJPEG stream, WebRTC peer, recording playback and an HLS answer in flight within 2 s; another session's stream goes on", async () => {
    const panel = await login(hub, "demo", "demo", "panel");
    const other = await login(hub, "demo", "demo", "other");
    // A recording to play back: a demo motion event records about 5 s of brama.
    expect((await call(hub, "POST", `${V1}${demoMotionPath("brama")}`, { cookie: panel, body: {} })).status).toBe(200);
    let recordingId: string | undefined;
    const end = Date.now() + 15_000;
    while (!recordingId && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      recordingId = (await jsonOf(await call(hub, "GET", `${V1}${recordingsPath("brama")}`, { cookie: panel }), RecordingsSchema)).items[0]?.id;
    }
    expect(recordingId).toBeDefined();

    const mjpeg = await call(hub, "GET", `${V1}${mjpegPath("brama")}`, { cookie: panel });
    expect(mjpeg.status).toBe(200);
    const othersMjpeg = await call(hub, "GET", `${V1}${mjpegPath("brama")}`, { cookie: other });
    expect(othersMjpeg.status).toBe(200);
    const playback = await call(hub, "GET", `${V1}${recordingPath(recordingId!)}`, { cookie: panel });
    expect(playback.status).toBe(200);
    const hlsInFlight = call(hub, "GET", `${V1}${hlsPath("strych")}`, { cookie: panel }).then(
      () => "answered",
      () => "cut",
    );
    const viewer = await openViewer();
    try {
      const offer = await call(hub, "POST", `${V5}${rtcPath("zoom")}`, { cookie: panel, body: { sdp: viewer.offer } });
      expect(offer.status).toBe(200);
      await viewer.accept((await jsonOf(offer, RtcAnswerSchema)).item.sdp);
      const framesBy = Date.now() + 10_000;
      while (viewer.stats.frames < 3 && Date.now() < framesBy) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(viewer.stats.frames).toBeGreaterThanOrEqual(3);

      let lockedAt = 0;
      const since = () => lockedAt;
      const ends = [endedAfter(mjpeg, since), endedAfter(playback, since)];
      const othersEnd = endedAfter(othersMjpeg, since, 3_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      lockedAt = Date.now();
      expect((await call(hub, "POST", `${AUTH}/session/lock`, { cookie: panel, body: {} })).status).toBe(200);

      for (const after of await Promise.all(ends)) {
        expect(after).not.toBeNull();
        expect(after!).toBeLessThan(END_WITHIN_MS);
      }
      expect(await Promise.race([hlsInFlight, new Promise((resolve) => setTimeout(() => resolve("still open"), END_WITHIN_MS))])).toBe("cut");
      // The hub closed its peer: no more RTP arrives (a packet already on its way may).
      await new Promise((resolve) => setTimeout(resolve, 500));
      const packets = viewer.stats.packets.length;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(viewer.stats.packets.length - packets).toBeLessThanOrEqual(1);
      expect(await othersEnd).toBeNull();

      const refused = await call(hub, "GET", `${V1}${mjpegPath("brama")}`, { cookie: panel });
      expect(refused.status).toBe(403);
      expect((await jsonOf(refused, ErrorBodySchema)).code).toBe("AUTH_SESSION_LOCKED");
    } finally {
      await viewer.close();
    }
  });

  it("logging out ends the session's MJPEG stream within 2 s", async () => {
    const panel = await login(hub, "demo", "demo", "logout");
    const mjpeg = await call(hub, "GET", `${V1}${mjpegPath("zoom")}`, { cookie: panel });
    expect(mjpeg.status).toBe(200);
    const at = Date.now();
    const ended = endedAfter(mjpeg, () => at);
    expect((await call(hub, "DELETE", `${AUTH}/session`, { cookie: panel, body: {} })).status).toBe(200);
    expect(await ended).toBeLessThan(END_WITHIN_MS);
  });

  it("revoking a session from another device (DELETE /session {hash}) ends its MJPEG stream within 2 s", async () => {
    const panel = await login(hub, "demo", "demo", "revoked panel");
    const phone = await login(hub, "demo", "demo", "phone");
    const sessions = await jsonOf(await call(hub, "GET", `${AUTH}/session/all`, { cookie: panel }), v.object({ items: v.array(v.object({ hash: v.string(), current: v.boolean() })) }));
    const hash = sessions.items.find((item) => item.current)!.hash;
    const mjpeg = await call(hub, "GET", `${V1}${mjpegPath("zoom")}`, { cookie: panel });
    expect(mjpeg.status).toBe(200);
    const at = Date.now();
    const ended = endedAfter(mjpeg, () => at);
    expect((await call(hub, "DELETE", `${AUTH}/session`, { cookie: phone, body: { hash } })).status).toBe(200);
    expect(await ended).toBeLessThan(END_WITHIN_MS);
  });

  it("one session holds at most 2 live streams of a camera (a third is 429 TOO_MANY_STREAMS); disabling the camera ends them", async () => {
    const panel = await login(hub, "demo", "demo", "limits");
    const first = await call(hub, "GET", `${V1}${mjpegPath("zoom")}`, { cookie: panel });
    const second = await call(hub, "GET", `${V1}${mjpegPath("zoom")}`, { cookie: panel });
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await call(hub, "GET", `${V1}${mjpegPath("zoom")}`, { cookie: panel });
    expect(third.status).toBe(429);
    expect((await jsonOf(third, ErrorBodySchema)).code).toBe("TOO_MANY_STREAMS");
    const at = Date.now();
    const ends = [endedAfter(first, () => at), endedAfter(second, () => at)];
    try {
      expect((await call(hub, "PATCH", `${V5}${cameraPath("zoom")}`, { cookie: panel, body: { config: { enabled: false } } })).status).toBe(200);
      for (const after of await Promise.all(ends)) expect(after).toBeLessThan(END_WITHIN_MS);
    } finally {
      await call(hub, "PATCH", `${V5}${cameraPath("zoom")}`, { cookie: panel, body: { config: { enabled: true } } });
    }
  });
});
