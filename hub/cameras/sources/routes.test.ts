import { afterAll, describe, expect, it } from "vitest";
import { nightmodePath, ptzPath } from "../../../contract/camera-controls";
import {
  CamerasAnswerSchema,
  MJPEG_BOUNDARY,
  hlsPath,
  mjpegPath,
  rtcPath,
  snapshotPath,
} from "../../../contract/cameras";
import { ErrorBodySchema } from "../../../contract/envelope";
import { readHlsIndex, readJpegParts, urisOf, useCameraHub } from "../../testing/camera-hub";
import { FAKE_TS_SEGMENT, startFakeHlsCamera, startFakeMjpegCamera, type FakeCamera } from "../../testing/fake-cameras";
import { call, freePort, jsonOf, type TestHub } from "../../testing/harness";

const V1 = "/api/cameras/v1";
const V5 = "/api/cameras/v5";
const LOGIN = { user: "admin", password: "tajne:hasło" };
const WITH_LOGIN = "http://admin:tajne%3Ahas%C5%82o@";

/** The error code and message of a refused call, checked to have `status`. */
async function refusal(response: Response, status: number): Promise<{ code: string; message: string }> {
  expect(response.status).toBe(status);
  const body = await jsonOf(response, ErrorBodySchema);
  return { code: body.code, message: body.message ?? "" };
}

describe("cameras from a plain MJPEG or HLS source, proxied by the hub", () => {
  let hub: TestHub;
  let cookie: string;
  let mjpeg: Awaited<ReturnType<typeof startFakeMjpegCamera>>;
  let hls: FakeCamera;
  afterAll(async () => {
    await mjpeg.close();
    await hls.close();
  });
  useCameraHub(
    async () => {
      mjpeg = await startFakeMjpegCamera({ login: LOGIN });
      hls = await startFakeHlsCamera({ login: LOGIN });
      const withLogin = (url: string) => url.replace("http://", WITH_LOGIN);
      const dead = `http://admin:tajne@127.0.0.1:${await freePort()}`;
      return {
        // Without ffmpeg, to see an RTSP camera's refusal (rtsp.test.ts runs the real ffmpeg). Without
        // the idle probe (monitor.ts; its own tests cover it): these tests count the camera's connections.
        env: { HUB_FFMPEG: "off", HUB_CAMERA_PROBE_MS: "0" },
        cameras: [
          {
            id: "podjazd",
            label: "Podjazd",
            ptz: true,
            source: { type: "mjpeg", url: withLogin(`${mjpeg.url}/video.mjpg`) },
          },
          {
            id: "taras",
            label: "Taras",
            source: {
              type: "mjpeg",
              url: withLogin(`${mjpeg.url}/video.mjpg`),
              snapshotUrl: withLogin(`${mjpeg.url}/snapshot.jpg`),
            },
          },
          { id: "strych", label: "Strych", source: { type: "hls", url: withLogin(`${hls.url}/live/index.m3u8`) } },
          { id: "martwa", label: "Martwa", source: { type: "mjpeg", url: `${dead}/video.mjpg` } },
          { id: "logowanie", label: "Logowanie", source: { type: "mjpeg", url: withLogin(`${mjpeg.url}/login.html`) } },
          { id: "bezhasla", label: "Bez hasła", source: { type: "mjpeg", url: `${mjpeg.url}/video.mjpg` } },
          {
            id: "przekierowanie",
            label: "Przekierowanie",
            source: { type: "mjpeg", url: withLogin(`${mjpeg.url}/redirect.mjpg`) },
          },
          { id: "wroga", label: "Wroga", source: { type: "hls", url: withLogin(`${hls.url}/evil/index.m3u8`) } },
          { id: "wroga2", label: "Wroga 2", source: { type: "hls", url: withLogin(`${hls.url}/evil/parent.m3u8`) } },
          {
            id: "garaz",
            label: "Garaż",
            source: {
              type: "rtsp",
              url: "rtsp://admin:tajne@127.0.0.1:554/stream1",
              mobileUrl: "rtsp://admin:tajne@127.0.0.1:554/stream2",
            },
          },
        ],
      };
    },
    (started) => ({ hub, cookie } = started),
  );

  it("each camera item says what its source offers: MJPEG only, HLS only, RTSP both (mobile with mobileUrl); no login or address in it", async () => {
    const response = await call(hub, "GET", `${V5}/cameras`, { cookie });
    const text = await response.clone().text();
    const items = new Map((await jsonOf(response, CamerasAnswerSchema)).items.map((item) => [item.id, item]));
    expect(items.get("podjazd")).toMatchObject({ hls: false, mjpeg: true, streams: { mobile: false } });
    expect(items.get("strych")).toMatchObject({ hls: true, mjpeg: false, streams: { mobile: false } });
    expect(items.get("garaz")).toMatchObject({ hls: true, mjpeg: true, streams: { mobile: true } });
    expect(text).not.toMatch(/tajne|admin|127\.0\.0\.1|rtsp/);
  });

  it("MJPEG: ONE upstream for every viewer, the camera's JPEGs re-sent with the hub's boundary, the login sent upstream only as HTTP Basic", async () => {
    const [first, second] = await Promise.all([
      call(hub, "GET", `${V1}${mjpegPath("podjazd")}`, { cookie }),
      call(hub, "GET", `${V1}${mjpegPath("podjazd")}`, { cookie }),
    ]);
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(`multipart/x-mixed-replace; boundary=${MJPEG_BOUNDARY}`);
    }
    const [a, b] = await Promise.all([readJpegParts(first, 3), readJpegParts(second, 3)]);
    for (const jpeg of [...a, ...b]) expect(mjpeg.sent.some((sent) => sent.equals(jpeg))).toBe(true);
    expect(a[0]!.equals(a[2]!)).toBe(false);
    expect(mjpeg.streamsOpened).toBe(1);
    expect(
      mjpeg.requests.filter((request) => request.url === "/video.mjpg").every((request) => request.authorized),
    ).toBe(true);
  });

  it("snapshot: the camera's snapshotUrl when it has one, else a frame of its stream", async () => {
    const fromUrl = await call(hub, "GET", `${V1}${snapshotPath("taras")}`, { cookie });
    expect(fromUrl.status).toBe(200);
    expect(fromUrl.headers.get("content-type")).toBe("image/jpeg");
    expect([...Buffer.from(await fromUrl.arrayBuffer()).subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(mjpeg.snapshots).toBe(1);
    const fromStream = Buffer.from(
      await (await call(hub, "GET", `${V1}${snapshotPath("podjazd")}`, { cookie })).arrayBuffer(),
    );
    expect(mjpeg.sent.some((sent) => sent.equals(fromStream))).toBe(true);
    expect(mjpeg.snapshots).toBe(1);
  });

  it("a dead camera, a wrong login, an HTML login page or a redirect: 409 DEVICE_UNREACHABLE saying what, never the address or login; the hub keeps serving", async () => {
    for (const [camera, reason] of [
      ["martwa", /unreachable/],
      ["bezhasla", /answered HTTP 401/],
      ["logowanie", /not MJPEG/],
      ["przekierowanie", /unreachable/],
    ] as const) {
      for (const path of [mjpegPath(camera), snapshotPath(camera)]) {
        const { code, message } = await refusal(await call(hub, "GET", `${V1}${path}`, { cookie }), 409);
        expect(code, path).toBe("DEVICE_UNREACHABLE");
        expect(message).toMatch(/^camera \(mjpeg\): /);
        expect(message).toMatch(reason);
        expect(message).not.toMatch(/127\.0\.0\.1|admin|tajne|169\.254/);
      }
    }
    expect(mjpeg.requests.some((request) => request.url.startsWith("/latest"))).toBe(false);
    expect((await call(hub, "GET", `${V1}${snapshotPath("taras")}`, { cookie })).status).toBe(200);
  });

  it("HLS: master, media playlist and segments through the hub with every URI rewritten; the camera sees only its own files", async () => {
    const {
      text: master,
      uris: [variant],
    } = await readHlsIndex(hub, cookie, "strych");
    expect(variant).toBe("playlist.m3u8?p=stream%2Fmedia.m3u8&q=token%3Dabc");
    const media = await (await call(hub, "GET", `${V1}/live/hls/strych/full/${variant}`, { cookie })).text();
    expect(media).toContain("#EXT-X-MEDIA-SEQUENCE:40");
    const segments = urisOf(media);
    expect(segments).toEqual([
      "segment.ts?p=stream%2Fseg-40.ts&q=token%3Dabc",
      "segment.ts?p=stream%2Fseg-41.ts&q=token%3Dabc",
    ]);
    const segment = await call(hub, "GET", `${V1}/live/hls/strych/full/${segments[0]}`, { cookie });
    expect(segment.status).toBe(200);
    expect(segment.headers.get("content-type")).toBe("video/mp2t");
    expect(segment.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await segment.arrayBuffer())).toEqual(FAKE_TS_SEGMENT);
    for (const text of [master, media]) expect(text).not.toMatch(/127\.0\.0\.1|admin|tajne|live\//);
    expect(hls.requests).toEqual([
      { url: "/live/index.m3u8", authorized: true },
      { url: "/live/stream/media.m3u8?token=abc", authorized: true },
      { url: "/live/stream/seg-40.ts?token=abc", authorized: true },
    ]);
  });

  it("HLS: hostile names from the browser are 404 and never reach the camera; a hostile playlist is 409", async () => {
    const before = hls.requests.length;
    for (const path of [
      "/live/hls/strych/full/segment.ts?p=..%2F..%2Fetc%2Fpasswd.ts",
      "/live/hls/strych/full/segment.ts?p=stream%2Fmedia.m3u8",
      "/live/hls/strych/full/segment.ts?p=%2Fabsolute.ts",
      "/live/hls/strych/full/segment.ts?p=http%3A%2F%2Fevil.example%2Fa.ts",
      "/live/hls/strych/full/segment.ts?p=a.ts&q=x%20y",
      "/live/hls/strych/full/segment.ts",
      "/live/hls/strych/full/other.ts?p=a.ts",
      "/live/hls/strych/mobile/index.m3u8",
    ]) {
      expect((await refusal(await call(hub, "GET", `${V1}${path}`, { cookie }), 404)).code, path).toBe("NOT_FOUND");
    }
    expect(hls.requests.length).toBe(before);
    for (const camera of ["wroga", "wroga2"]) {
      const { code, message } = await refusal(await call(hub, "GET", `${V1}${hlsPath(camera)}`, { cookie }), 409);
      expect(code).toBe("DEVICE_UNREACHABLE");
      expect(message).toBe("the camera answered a playlist with an unexpected URI");
    }
    expect(hls.requests.some((request) => request.url.includes("secret") || request.url.includes("latest"))).toBe(
      false,
    );
  });

  it("no WebRTC for a plain source (404, the dashboard moves on to hls or mjpeg); PTZ and night mode 409 NOT_SUPPORTED; no MJPEG of an HLS camera", async () => {
    const rtc = await refusal(
      await call(hub, "POST", `${V5}${rtcPath("podjazd")}`, { cookie, body: { sdp: "v=0\r\n" } }),
      404,
    );
    expect(rtc.message).toBe("this camera has no WebRTC (its source is mjpeg): use HLS or MJPEG");
    expect(
      (await refusal(await call(hub, "POST", `${V1}${ptzPath("podjazd")}`, { cookie, body: { pan: 1 } }), 409)).message,
    ).toBe("PTZ of mjpeg cameras needs the camera's ONVIF settings (onvif.url) in the household file");
    const night = await refusal(
      await call(hub, "POST", `${V1}${nightmodePath("strych")}`, { cookie, body: { mode: true } }),
      409,
    );
    expect(night).toEqual({
      code: "NOT_SUPPORTED",
      message: "night mode of hls cameras is not supported: the hub cannot switch this camera's IR",
    });
    expect((await refusal(await call(hub, "GET", `${V1}${mjpegPath("strych")}`, { cookie }), 404)).message).toBe(
      "this camera has no MJPEG",
    );
  });

  it("an RTSP camera on a hub without ffmpeg: 409 NOT_SUPPORTED saying to install ffmpeg, for MJPEG, snapshot and HLS", async () => {
    for (const path of [mjpegPath("garaz"), snapshotPath("garaz"), hlsPath("garaz"), hlsPath("garaz", "mobile")]) {
      const { code, message } = await refusal(await call(hub, "GET", `${V1}${path}`, { cookie }), 409);
      expect(code, path).toBe("NOT_SUPPORTED");
      expect(message).toMatch(/install it \(apt install ffmpeg\)/);
    }
  });
});
