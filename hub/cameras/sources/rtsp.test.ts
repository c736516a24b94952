import jpeg from "jpeg-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HLS_PLAYLIST_CONTENT_TYPE, hlsPath, mjpegPath } from "../../../contract/cameras";
import { ErrorBodySchema } from "../../../contract/envelope";
import { HubError } from "../../core/errors";
import { readJpegParts, useCameraHub } from "../../testing/camera-hub";
import { startRtspCamera, type RtspCamera } from "../../simulator/rtsp-camera";
import { call, freePort, jsonOf, type TestHub, until as waitUntil } from "../../testing/harness";
import { findFfmpeg } from "../hls/ffmpeg";
import { ptsOf } from "../hls/mpegts";
import { UpstreamFrames } from "../upstream/frames";
import { RTSP_FRAMES_TIMING, RtspHls, RtspMjpeg, redactRtsp } from "./rtsp";

const V1 = "/api/cameras/v1";
const LOGIN = { user: "admin", password: "tajne" };
const ffmpeg = findFfmpeg();

/** Waits until `check` holds, at most `ms`. */
const until = (check: () => boolean, ms = 8_000) => waitUntil(check, ms, 50);

describe("RTSP cameras through Debian's ffmpeg", () => {
  let rtsp: RtspCamera;
  let hub: TestHub;
  let cookie: string;
  beforeAll(async () => {
    rtsp = await startRtspCamera({ login: LOGIN });
  });
  afterAll(() => rtsp.close());
  useCameraHub(
    async () => ({
      cameras: [
        {
          id: "garaz",
          label: "Garaż",
          source: { type: "rtsp", url: rtsp.url.replace("rtsp://", "rtsp://admin:tajne@") },
        },
        {
          id: "zle-haslo",
          label: "Złe hasło",
          source: { type: "rtsp", url: rtsp.url.replace("rtsp://", "rtsp://admin:zle@") },
        },
        {
          id: "martwa",
          label: "Martwa",
          source: { type: "rtsp", url: `rtsp://admin:tajne@127.0.0.1:${await freePort()}/stream1` },
        },
      ],
    }),
    (started) => ({ hub, cookie } = started),
  );

  it("the hub has ffmpeg (CI installs Debian's: apt install ffmpeg); without it these tests cannot pass", () => {
    expect(
      ffmpeg,
      "ffmpeg not found on PATH or HUB_FFMPEG: install it (apt install ffmpeg) to run the RTSP tests",
    ).not.toBeNull();
  });

  it("MJPEG: ffmpeg pulls RTSP over TCP with the camera's login and the hub serves its frames to every viewer from ONE ffmpeg", async () => {
    const [first, second] = await Promise.all([
      call(hub, "GET", `${V1}${mjpegPath("garaz")}`, { cookie }),
      call(hub, "GET", `${V1}${mjpegPath("garaz")}`, { cookie }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const [a, b] = await Promise.all([readJpegParts(first, 3), readJpegParts(second, 3)]);
    for (const frame of [...a, ...b]) {
      const picture = jpeg.decode(frame, { useTArray: true });
      expect([picture.width, picture.height]).toEqual([640, 360]);
    }
    expect(rtsp.requests.filter((request) => request.method === "PLAY" && request.authorized)).toHaveLength(1);
    expect(rtsp.requests.find((request) => request.method === "SETUP")).toBeDefined();
  }, 20_000);

  it("HLS: ffmpeg copies the H.264 into the hub's own segments; the playlist and a segment come from the hub", async () => {
    const index = await call(hub, "GET", `${V1}${hlsPath("garaz")}`, { cookie });
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toBe(HLS_PLAYLIST_CONTENT_TYPE);
    const text = await index.text();
    const [segment] = text.split("\n").filter((line) => /^seg\d+\.ts$/.test(line));
    expect(segment).toBeDefined();
    const response = await call(hub, "GET", `${V1}/live/hls/garaz/full/${segment}`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp2t");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes[0]).toBe(0x47);
    expect(ptsOf(bytes).length).toBeGreaterThan(0);
    expect(text).not.toMatch(/tajne|127\.0\.0\.1|rtsp/);
  }, 30_000);

  it("a wrong login or a dead camera: 409 DEVICE_UNREACHABLE, never the URL or the login", async () => {
    for (const path of [mjpegPath("zle-haslo"), hlsPath("zle-haslo"), mjpegPath("martwa")]) {
      const response = await call(hub, "GET", `${V1}${path}`, { cookie });
      expect(response.status, path).toBe(409);
      const body = await jsonOf(response, ErrorBodySchema);
      expect(body.code).toBe("DEVICE_UNREACHABLE");
      expect(body.message).toMatch(/^camera \(rtsp\): /);
      expect(body.message).not.toMatch(/tajne|zle|127\.0\.0\.1/);
    }
  }, 40_000);

  it("ffmpeg's errors are logged without the login; ffmpeg is killed when the hub closes its source", async () => {
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) };
    const wrong = new RtspHls(ffmpeg!, { url: rtsp.url.replace("rtsp://", "rtsp://admin:zle@") }, log, {
      startTimeoutMs: 8_000,
    });
    const error = await wrong.playlist("full").catch((caught: unknown) => caught);
    wrong.close();
    expect(error).toBeInstanceOf(HubError);
    expect(warnings.join("\n")).toMatch(/ffmpeg exited/);
    expect(warnings.join("\n")).not.toMatch(/zle|admin/);
    expect(redactRtsp("rtsp://u:p@h/x failed; http://a:b@c/ too")).toBe("rtsp://***@h/x failed; http://***@c/ too");

    const before = rtsp.playing;
    const frames = new UpstreamFrames(
      new RtspMjpeg(ffmpeg!, { url: rtsp.url.replace("rtsp://", "rtsp://admin:tajne@") }, log),
      RTSP_FRAMES_TIMING,
    );
    let got = 0;
    frames.subscribe(() => (got += 1));
    await until(() => got >= 2);
    expect(rtsp.playing).toBe(before + 1);
    frames.close();
    await until(() => rtsp.playing === before);
  }, 30_000);
});
