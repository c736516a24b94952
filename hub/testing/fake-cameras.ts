import type { IncomingMessage, ServerResponse } from "node:http";
import { simulatedJpeg, streamMjpeg, type MjpegStreamStats } from "../simulator/ip-cameras";
import { listenFake } from "./fake-http";

/** One request a fake camera received: path with query, and whether it carried the right login. */
export interface CameraRequest {
  url: string;
  authorized: boolean;
}

/** A fake IP camera on loopback: its base URL `http://127.0.0.1:<port>` (no login), the requests it got, and `close`. */
export interface FakeCamera {
  url: string;
  requests: CameraRequest[];
  close(): Promise<void>;
}

/** Checks HTTP Basic `login` on `request` (none wanted: always right); records the request; answers 401 and false when wrong. */
function authorize(
  request: IncomingMessage,
  response: ServerResponse,
  requests: CameraRequest[],
  login?: { user: string; password: string },
): boolean {
  const authorized =
    !login ||
    request.headers.authorization === `Basic ${Buffer.from(`${login.user}:${login.password}`).toString("base64")}`;
  requests.push({ url: request.url ?? "", authorized });
  if (!authorized) response.writeHead(401, { "WWW-Authenticate": 'Basic realm="camera"' }).end();
  return authorized;
}

/**
 * A fake MJPEG IP camera: `GET /video.mjpg` its `multipart/x-mixed-replace; boundary=myboundary`
 * stream (a new JPEG every `intervalMs`), `GET /snapshot.jpg` one JPEG, and hostile or broken
 * answers for the hub's error paths: `/login.html` (HTML, not MJPEG), `/stalled.mjpg` (headers,
 * then silence), `/redirect.mjpg` (302 elsewhere). With `login` every request needs HTTP Basic.
 * Setting `silent` stops its frames (streams stay open and new ones get their headers, no picture:
 * a camera that lost its signal) until it is cleared.
 */
export async function startFakeMjpegCamera(
  options: { login?: { user: string; password: string }; intervalMs?: number } = {},
): Promise<FakeCamera & MjpegStreamStats & { snapshots: number; silent: boolean }> {
  const camera = {
    requests: [] as CameraRequest[],
    openStreams: 0,
    streamsOpened: 0,
    sent: [] as Buffer[],
    snapshots: 0,
    silent: false,
  };
  const server = await listenFake((request, response) => {
    if (!authorize(request, response, camera.requests, options.login)) return;
    switch (new URL(request.url ?? "/", "http://camera.invalid").pathname) {
      case "/video.mjpg":
        return streamMjpeg(response, camera, {
          boundary: "myboundary",
          intervalMs: options.intervalMs ?? 100,
          hue: 300,
          paused: () => camera.silent,
        });
      case "/snapshot.jpg": {
        const jpeg = simulatedJpeg(1_000 + ++camera.snapshots, 300);
        return void response.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": jpeg.length }).end(jpeg);
      }
      case "/login.html":
        return void response.writeHead(200, { "Content-Type": "text/html" }).end("<h1>Zaloguj</h1>");
      case "/stalled.mjpg":
        return void response
          .writeHead(200, { "Content-Type": "multipart/x-mixed-replace; boundary=x" })
          .write("--x\r\n");
      case "/redirect.mjpg":
        return void response.writeHead(302, { Location: "http://169.254.169.254/latest" }).end();
      default:
        return void response.writeHead(404).end();
    }
  });
  return Object.assign(camera, server);
}

/** The bytes of every fake HLS segment: one MPEG-TS null packet. */
export const FAKE_TS_SEGMENT = Buffer.from([0x47, 0x1f, 0xff, 0x10, ...new Array<number>(184).fill(0xff)]);

/**
 * A fake HLS IP camera: `GET /live/index.m3u8` a master playlist whose variant is
 * `stream/media.m3u8?token=abc`; that live media playlist lists `seg-<n>.ts?token=abc` and
 * `/live/stream/seg-<n>.ts` answers {@link FAKE_TS_SEGMENT}. `/evil/index.m3u8` is a hostile
 * playlist pointing at another host, a parent folder and a protocol-relative URI. With `login`
 * every request needs HTTP Basic.
 */
export async function startFakeHlsCamera(
  options: { login?: { user: string; password: string } } = {},
): Promise<FakeCamera> {
  const requests: CameraRequest[] = [];
  const playlist = (response: ServerResponse, text: string) =>
    void response.writeHead(200, { "Content-Type": "application/vnd.apple.mpegurl" }).end(text);
  const server = await listenFake((request, response) => {
    if (!authorize(request, response, requests, options.login)) return;
    const path = new URL(request.url ?? "/", "http://camera.invalid").pathname;
    if (path === "/live/index.m3u8")
      return playlist(
        response,
        '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.42e01e"\nstream/media.m3u8?token=abc\n',
      );
    if (path === "/live/stream/media.m3u8") {
      return playlist(
        response,
        "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:40\n#EXTINF:2.0,\nseg-40.ts?token=abc\n#EXTINF:2.0,\nseg-41.ts?token=abc\n",
      );
    }
    if (/^\/live\/stream\/seg-\d+\.ts$/.test(path))
      return void response.writeHead(200, { "Content-Type": "video/mp2t" }).end(FAKE_TS_SEGMENT);
    if (path === "/evil/index.m3u8")
      return playlist(response, "#EXTM3U\n#EXTINF:2.0,\nhttp://169.254.169.254/latest/meta-data.ts\n");
    if (path === "/evil/parent.m3u8") return playlist(response, "#EXTM3U\n#EXTINF:2.0,\n../secret/seg-1.ts\n");
    response.writeHead(404).end();
  });
  return { requests, ...server };
}
