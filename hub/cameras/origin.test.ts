import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoMotionPath, RECORDINGS_PATH, recordingPath, recordingsPath } from "../../contract/camera-controls";
import {
  CAMERAS_PATH,
  cameraPath,
  hlsPath,
  LIVE_STREAMS_PATH,
  LiveStreamsAnswerSchema,
  mjpegPath,
  snapshotPath,
} from "../../contract/cameras";
import { ErrorBodySchema } from "../../contract/envelope";
import { readHlsIndex, urisOf, useCameraHub } from "../testing/camera-hub";
import { startFakeHlsCamera, startFakeMjpegCamera, type FakeCamera } from "../testing/fake-cameras";
import { call, jsonOf, type TestHub } from "../testing/harness";

// Camera GETs open streams, render snapshots and reach real cameras, so they come only from the
// hub's own page, like every write (docs/contract.md "Cameras", hub/api-bases.ts): a page on
// another port of the same host (same-site: SameSite=Strict still sends the cookie) could hold all
// of a camera's stream slots with the victim's cookie, or make the hub fetch a real camera's
// snapshot again and again.

const V1 = "/api/cameras/v1";
const V5 = "/api/cameras/v5";
const RecordingsSchema = v.object({ items: v.array(v.object({ id: v.string() })) });

describe("camera GETs check the Origin like writes", () => {
  let hub: TestHub;
  let cookie: string;
  let own: string;
  /** The attacker's page: same host, another port. */
  let attacker: string;
  let mjpegCamera: Awaited<ReturnType<typeof startFakeMjpegCamera>>;
  let hlsCamera: FakeCamera;
  /** Every camera GET that answers a picture, a stream or a list, by name. */
  let paths: Record<string, string>;
  useCameraHub(
    async () => {
      mjpegCamera = await startFakeMjpegCamera();
      hlsCamera = await startFakeHlsCamera();
      return {
        simulator: true,
        env: { HUB_FFMPEG: "off", HUB_CAMERA_PROBE_MS: "0" },
        cameras: [
          { id: "brama", label: "Brama wjazdowa", source: { type: "demo", hue: 30 } },
          {
            id: "taras",
            label: "Taras",
            source: {
              type: "mjpeg",
              url: `${mjpegCamera.url}/video.mjpg`,
              snapshotUrl: `${mjpegCamera.url}/snapshot.jpg`,
            },
          },
          { id: "strych", label: "Strych", source: { type: "hls", url: `${hlsCamera.url}/live/index.m3u8` } },
        ],
      };
    },
    (started) => ({ hub, cookie } = started),
  );
  beforeAll(async () => {
    own = hub.url.replace("localhost", "127.0.0.1");
    attacker = `http://127.0.0.1:${hub.port === 65535 ? 65534 : hub.port + 1}`;
    expect((await call(hub, "POST", `${V1}${demoMotionPath("brama")}`, { cookie, body: {} })).status).toBe(200);
    const end = Date.now() + 15_000;
    let recording: string | undefined;
    while (!recording && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      recording = (
        await jsonOf(await call(hub, "GET", `${V1}${recordingsPath("brama")}`, { cookie }), RecordingsSchema)
      ).items[0]?.id;
    }
    expect(recording).toBeDefined();
    const playlist = (await readHlsIndex(hub, cookie, "strych")).uris[0]!;
    const media = urisOf(
      await (await call(hub, "GET", `${V1}/live/hls/strych/full/${playlist}`, { cookie })).text(),
    )[0]!;
    paths = {
      mjpeg: `${V1}${mjpegPath("brama")}`,
      snapshot: `${V1}${snapshotPath("brama")}`,
      "upstream snapshot": `${V1}${snapshotPath("taras")}`,
      "upstream MJPEG": `${V1}${mjpegPath("taras")}`,
      "HLS index": `${V1}${hlsPath("strych")}`,
      "HLS playlist": `${V1}/live/hls/strych/full/${playlist}`,
      "HLS segment": `${V1}/live/hls/strych/full/${media}`,
      playback: `${V1}${recordingPath(recording!)}`,
      recordings: `${V1}${RECORDINGS_PATH}`,
      streams: `${V1}${LIVE_STREAMS_PATH}`,
      cameras: `${V5}${CAMERAS_PATH}`,
      camera: `${V5}${cameraPath("brama")}`,
    };
  }, 30_000);
  afterAll(async () => {
    await mjpegCamera.close();
    await hlsCamera.close();
  });

  /** A GET with exactly `headers` and the victim's cookie (fetch adds no Origin by itself); the body is let go. */
  async function get(path: string, headers: Record<string, string>): Promise<{ status: number; code?: string }> {
    const response = await fetch(`${own}${path}`, { headers: { cookie, ...headers } });
    if (response.status === 200) {
      await response.body?.cancel();
      return { status: 200 };
    }
    return { status: response.status, code: (await jsonOf(response, ErrorBodySchema)).code };
  }

  /** The hub's open streams of `camera` (MJPEG, HLS, WebRTC). */
  async function openOf(camera: string): Promise<number> {
    const counts = (
      await jsonOf(await call(hub, "GET", `${V1}${LIVE_STREAMS_PATH}`, { cookie }), LiveStreamsAnswerSchema)
    ).item;
    const item = counts.cameras.find((entry) => entry.id === camera)!;
    return item.mjpeg + item.hls + item.rtc;
  }

  it("refuses the attack: a same-site page opening 6 MJPEG streams of a camera with the victim's cookie gets 403 FORBIDDEN_ORIGIN each, holds no slot, and the victim still gets its stream", async () => {
    // An <img src> on the attacker's page sends Sec-Fetch-Site: same-site and no Origin; a fetch sends both.
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        get(
          paths.mjpeg!,
          (index % 2 === 0
            ? { "sec-fetch-site": "same-site" }
            : { origin: attacker, "sec-fetch-site": "same-site" }) as Record<string, string>,
        ),
      ),
    );
    expect(attempts).toEqual(Array.from({ length: 6 }, () => ({ status: 403, code: "FORBIDDEN_ORIGIN" })));
    expect(await openOf("brama")).toBe(0);
    const own = await call(hub, "GET", paths.mjpeg!, { cookie, headers: { "sec-fetch-site": "same-origin" } });
    expect(own.status).toBe(200);
    await own.body!.cancel();
  });

  it("every camera GET (MJPEG, snapshots, the upstream camera's, HLS playlists and segments, playback, lists) answers 403 FORBIDDEN_ORIGIN to another site or origin, before reaching the camera", async () => {
    const before = {
      snapshots: mjpegCamera.snapshots,
      hls: hlsCamera.requests.length,
      streams: mjpegCamera.streamsOpened,
    };
    const foreign: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: attacker },
      { origin: "null" },
      { origin: "https://evil.example" },
    ];
    for (const headers of foreign) {
      for (const [name, path] of Object.entries(paths))
        expect(await get(path, headers), `${name} ${JSON.stringify(headers)}`).toEqual({
          status: 403,
          code: "FORBIDDEN_ORIGIN",
        });
    }
    expect({
      snapshots: mjpegCamera.snapshots,
      hls: hlsCamera.requests.length,
      streams: mjpegCamera.streamsOpened,
    }).toEqual(before);
  });

  it("the hub's own page (Sec-Fetch-Site: same-origin, its own Origin) and clients without these headers (curl) still get every camera GET", async () => {
    const ownPage: Record<string, string>[] = [
      { "sec-fetch-site": "same-origin" },
      { origin: own, "sec-fetch-site": "same-origin" },
      {},
    ];
    for (const headers of ownPage) {
      for (const [name, path] of Object.entries(paths))
        expect(await get(path, headers), `${name} ${JSON.stringify(headers)}`).toEqual({ status: 200 });
    }
  });
});
