import { afterAll, describe, expect, it } from "vitest";
import { HLS_PLAYLIST_CONTENT_TYPE, hlsPath } from "../../../contract/cameras";
import { ErrorBodySchema } from "../../../contract/envelope";
import { startFakeGo2rtc, type FakeGo2rtc } from "../../testing/fake-go2rtc";
import { readHlsIndex, urisOf, useCameraHub } from "../../testing/camera-hub";
import { call, freePort, jsonOf, type TestHub } from "../../testing/harness";
import { loadClip } from "./demo";
import { ptsOf } from "./mpegts";
import { DEMO_SEGMENT_CACHE } from "./service";

const V1 = "/api/cameras/v1";

/** The value of tag `name` (`#NAME:value`) in a playlist text. */
function tagOf(text: string, name: string): number {
  return Number(new RegExp(`^#${name}:(\\d+)$`, "m").exec(text)?.[1]);
}

describe("HLS of the demo cameras through the hub: the committed clip (HUB_FFMPEG=off; ffmpeg.test.ts covers ffmpeg's live source)", () => {
  let hub: TestHub;
  let cookie: string;
  useCameraHub({ env: { HUB_FFMPEG: "off" } }, (started) => ({ hub, cookie } = started));

  it("index.m3u8 is a live playlist of the demo clip, never cached, its media sequence rising with the wall clock", async () => {
    const response = await call(hub, "GET", `${V1}${hlsPath("brama")}`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(HLS_PLAYLIST_CONTENT_TYPE);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const text = await response.text();
    expect(text).not.toContain("#EXT-X-ENDLIST");
    expect(tagOf(text, "EXT-X-TARGETDURATION")).toBe(2);
    const sequence = tagOf(text, "EXT-X-MEDIA-SEQUENCE");
    // Wall clock: one 2 s segment per 2 s since the epoch, the window ending at the segment being recorded.
    expect(Math.abs(sequence + 4 - Math.floor(Date.now() / 2000))).toBeLessThanOrEqual(1);
    expect(urisOf(text)).toEqual([0, 1, 2, 3].map((index) => `${sequence + index}.ts`));
    // zoom has a mobile stream; both streams play the clip.
    expect((await call(hub, "GET", `${V1}${hlsPath("zoom", "mobile")}`, { cookie })).status).toBe(200);
  });

  it("a segment of the playlist is the clip's MPEG-TS segment with its loop's timestamps, cacheable", async () => {
    const clip = await loadClip();
    const text = await (await call(hub, "GET", `${V1}${hlsPath("zoom")}`, { cookie })).text();
    const [first] = urisOf(text);
    const response = await call(hub, "GET", `${V1}/live/hls/zoom/full/${first}`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp2t");
    expect(response.headers.get("cache-control")).toBe(DEMO_SEGMENT_CACHE);
    const bytes = Buffer.from(await response.arrayBuffer());
    const sequence = Number(first!.replace(".ts", ""));
    const offset = Math.floor(sequence / 4) * 8000 * 90;
    expect(ptsOf(bytes)).toEqual(ptsOf(clip.bytes[sequence % 4]!).map((pts) => (pts + offset) % 2 ** 33));
  });

  it("404 for an unknown camera, one without HLS, a stream it does not have, an unknown or future segment; 401 without a session", async () => {
    const text = await (await call(hub, "GET", `${V1}${hlsPath("brama")}`, { cookie })).text();
    const future = tagOf(text, "EXT-X-MEDIA-SEQUENCE") + 10;
    for (const path of [
      hlsPath("nie-ma"),
      hlsPath("ogrod"),
      hlsPath("brama", "mobile"),
      "/live/hls/brama/hd/index.m3u8",
      "/live/hls/brama/full/seg0.ts",
      "/live/hls/brama/full/..%2F..%2Fmedia%2Fhls%2Fseg0.ts",
      `/live/hls/brama/full/${future}.ts`,
      "/live/hls/brama/full/playlist.m3u8?id=abcdefgh",
    ]) {
      const response = await call(hub, "GET", `${V1}${path}`, { cookie });
      expect(response.status, path).toBe(404);
      expect((await jsonOf(response, ErrorBodySchema)).code).toBe("NOT_FOUND");
    }
    expect((await call(hub, "GET", `${V1}${hlsPath("brama")}`)).status).toBe(401);
  });
});

describe("HLS of a go2rtc camera proxied by the hub", () => {
  let hub: TestHub;
  let gateway: FakeGo2rtc;
  let cookie: string;
  afterAll(() => gateway.close());
  useCameraHub(
    async () => {
      gateway = await startFakeGo2rtc({
        streams: ["front_door"],
        authorization: `Basic ${Buffer.from("admin:s3cret").toString("base64")}`,
      });
      return {
        // No idle probe (monitor.ts): this test lists every request the gateway gets.
        env: { HUB_CAMERA_PROBE_MS: "0" },
        cameras: [
          {
            id: "wejscie",
            label: "Wejście",
            hls: true,
            source: { type: "go2rtc", url: gateway.url.replace("http://", "http://admin:s3cret@"), src: "front_door" },
          },
          {
            id: "martwa",
            label: "Martwa",
            hls: true,
            source: { type: "go2rtc", url: `http://127.0.0.1:${await freePort()}`, src: "x" },
          },
        ],
      };
    },
    (started) => ({ hub, cookie } = started),
  );

  it("the browser reads master, media playlist and segments from the hub only; the gateway sees only its own API", async () => {
    const {
      text: master,
      uris: [variant],
    } = await readHlsIndex(hub, cookie, "wejscie");
    expect(variant).toMatch(/^playlist\.m3u8\?id=[A-Za-z0-9]{8}$/);
    expect(master).toContain('CODECS="avc1.640029"');

    const media = await (await call(hub, "GET", `${V1}/live/hls/wejscie/full/${variant}`, { cookie })).text();
    const segments = urisOf(media);
    expect(segments).toHaveLength(2);
    for (const uri of segments) expect(uri).toMatch(/^segment\.ts\?id=[A-Za-z0-9]{8}&n=\d+$/);
    const segment = await call(hub, "GET", `${V1}/live/hls/wejscie/full/${segments[0]}`, { cookie });
    expect(segment.status).toBe(200);
    expect(segment.headers.get("content-type")).toBe("video/mp2t");
    expect(segment.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await segment.arrayBuffer())[0]).toBe(0x47);

    for (const text of [master, media]) expect(text).not.toMatch(/127\.0\.0\.1|admin|s3cret|api\//);
    expect(gateway.requests.map((request) => request.url.replace(/id=\w+/, "id=ID"))).toEqual([
      "/api/stream.m3u8?src=front_door",
      "/api/hls/playlist.m3u8?id=ID",
      "/api/hls/segment.ts?id=ID&n=0",
    ]);
  });

  it("a hostile file name or session id is 404 and never reaches the gateway", async () => {
    const before = gateway.requests.length;
    for (const path of [
      "/live/hls/wejscie/full/segment.ts?id=..%2F..%2Fapi%2Fstreams",
      "/live/hls/wejscie/full/segment.ts",
      "/live/hls/wejscie/full/stream.m3u8?src=other",
      "/live/hls/wejscie/full/..%2Fapi%2Fconfig?id=abc",
      "/live/hls/wejscie/full/segment.ts?id=abc&n=x",
    ]) {
      expect((await call(hub, "GET", `${V1}${path}`, { cookie })).status, path).toBe(404);
    }
    expect(gateway.requests.length).toBe(before);
    // A session go2rtc no longer has: its 404 passes through, so the player starts again from index.m3u8.
    expect((await call(hub, "GET", `${V1}/live/hls/wejscie/full/playlist.m3u8?id=gone1234`, { cookie })).status).toBe(
      404,
    );
  });

  it("a dead gateway is 409 DEVICE_UNREACHABLE at once, and the hub keeps answering", async () => {
    const response = await call(hub, "GET", `${V1}${hlsPath("martwa")}`, { cookie });
    expect(response.status).toBe(409);
    const body = await jsonOf(response, ErrorBodySchema);
    expect(body.code).toBe("DEVICE_UNREACHABLE");
    expect(body.message).toBe("the camera gateway is unreachable (ECONNREFUSED)");
    expect((await call(hub, "GET", `${V1}${hlsPath("wejscie")}`, { cookie })).status).toBe(200);
  });
});
