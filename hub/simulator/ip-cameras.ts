import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { HubLogger } from "../broker/link";
import { drawSimulatedFrame } from "../cameras/frames";
import { DemoHls } from "../cameras/hls/demo";
import type { HouseholdCamera } from "../cameras/household";
import { startRtspCamera } from "./rtsp-camera";

/** What a simulated MJPEG stream did: streams open now and opened in all, and the last JPEGs it sent (each a different picture; at most 100 kept). */
export interface MjpegStreamStats {
  openStreams: number;
  streamsOpened: number;
  sent: Buffer[];
}

/** A simulated camera's JPEG (hub/cameras/frames.ts), frame `n`, tinted `hue`. */
export function simulatedJpeg(n: number, hue = 90): Buffer {
  return drawSimulatedFrame(n, new Date(), hue);
}

/**
 * Answers `response` as a camera's or go2rtc's MJPEG does (go2rtc pkg/mjpeg/writer.go, most IP
 * cameras): `multipart/x-mixed-replace; boundary=<boundary>`, a part `--<boundary>`,
 * `Content-Type: image/jpeg`, `Content-Length`, the JPEG and CRLF every `intervalMs`, until the
 * client goes; counts it in `stats`. While `paused()` says so no frame is sent (the connection stays
 * open, as a camera that lost its picture does).
 */
export function streamMjpeg(
  response: ServerResponse,
  stats: MjpegStreamStats,
  options: { boundary: string; intervalMs: number; hue?: number; paused?: () => boolean },
): void {
  stats.openStreams += 1;
  stats.streamsOpened += 1;
  response.writeHead(200, {
    "Content-Type": `multipart/x-mixed-replace; boundary=${options.boundary}`,
    "Cache-Control": "no-cache",
    Connection: "close",
  });
  let frame = stats.streamsOpened * 1_000;
  const send = () => {
    if (options.paused?.()) return;
    const jpeg = simulatedJpeg(++frame, options.hue);
    stats.sent.push(jpeg);
    if (stats.sent.length > 100) stats.sent.shift();
    response.write(
      Buffer.concat([
        Buffer.from(`--${options.boundary}\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`),
        jpeg,
        Buffer.from("\r\n"),
      ]),
    );
  };
  send();
  const timer = setInterval(send, options.intervalMs);
  response.once("close", () => {
    clearInterval(timer);
    stats.openStreams -= 1;
  });
}

/** The `Authorization` a URL's `user:password@` stands for, or null without one. */
function basicOf(url: URL): string | null {
  return url.username || url.password
    ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64")}`
    : null;
}

/**
 * A simulated HTTP IP camera (demo): any path ending `.mjpg`/`.mjpeg` is its MJPEG stream (5 frames
 * a second, boundary `ipcamera`), `.jpg` a snapshot, `.m3u8` the demo clip's live HLS playlist and
 * `<n>.ts` its segments (hub/cameras/hls/demo.ts). With `authorization` every request needs it (401).
 */
function ipCameraHandler(authorization: string | null, hls: DemoHls) {
  const stats: MjpegStreamStats = { openStreams: 0, streamsOpened: 0, sent: [] };
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (authorization && request.headers.authorization !== authorization) {
      response.writeHead(401, { "WWW-Authenticate": 'Basic realm="simulated camera"' }).end();
      return;
    }
    const path = new URL(request.url ?? "/", "http://camera.invalid").pathname;
    if (/\.mjpe?g$/.test(path))
      return streamMjpeg(response, stats, { boundary: "ipcamera", intervalMs: 200, hue: 270 });
    if (path.endsWith(".jpg")) {
      const jpeg = simulatedJpeg(stats.streamsOpened, 270);
      return void response.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": jpeg.length }).end(jpeg);
    }
    if (path.endsWith(".m3u8"))
      return void response
        .writeHead(200, { "Content-Type": "application/vnd.apple.mpegurl" })
        .end(await hls.playlist());
    const segment = /\/(\d{1,15}\.ts)$/.exec(path);
    const bytes = segment ? await hls.segment(segment[1]!) : null;
    if (bytes) return void response.writeHead(200, { "Content-Type": "video/mp2t" }).end(bytes);
    response.writeHead(404).end();
  };
}

/**
 * The demo's simulated IP cameras: for each household camera of source `mjpeg`, `hls` or
 * `rtsp` whose URL is on this machine (`127.0.0.1` or `localhost`, with a port), a camera listening
 * there, so a household pointing at them shows moving pictures without real cameras
 * (hub/examples/ip-cameras/). HTTP ports serve MJPEG, snapshots and HLS, RTSP ports the demo clip's
 * H.264 (rtsp-camera.ts); a login in the URL is required by the camera. A port already in use is
 * skipped with a warning. `stop` closes them.
 */
export async function startSimulatedIpCameras(
  cameras: readonly HouseholdCamera[],
  log: Pick<HubLogger, "info" | "warn">,
): Promise<{ stop(): Promise<void> }> {
  const stops: (() => Promise<void>)[] = [];
  const seen = new Set<string>();
  const hls = new DemoHls();
  for (const camera of cameras) {
    const { source } = camera;
    if (source.type !== "mjpeg" && source.type !== "hls" && source.type !== "rtsp") continue;
    for (const raw of source.type === "rtsp" ? [source.url, source.mobileUrl] : [source.url]) {
      if (!raw) continue;
      const url = new URL(raw);
      if (!["127.0.0.1", "localhost"].includes(url.hostname) || !url.port || seen.has(url.port)) continue;
      seen.add(url.port);
      try {
        if (source.type === "rtsp") {
          const login =
            url.username || url.password
              ? { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
              : undefined;
          const rtsp = await startRtspCamera({ port: Number(url.port), ...(login ? { login } : {}) });
          stops.push(() => rtsp.close());
        } else {
          const handle = ipCameraHandler(basicOf(url), hls);
          const server: Server = createServer(
            (request, response) => void handle(request, response).catch(() => response.destroy()),
          );
          await new Promise<void>((resolve, reject) => {
            server.once("error", reject);
            server.listen(Number(url.port), "127.0.0.1", () => resolve());
          });
          stops.push(
            () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
          );
        }
        log.info(`simulator: camera ${camera.id} (${source.type}) simulated on port ${url.port}`);
      } catch (error) {
        log.warn(
          `simulator: cannot simulate camera ${camera.id} on port ${url.port}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
  return {
    stop: async () => {
      for (const stop of stops.splice(0)) await stop();
    },
  };
}
