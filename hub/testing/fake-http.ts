import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { drawSimulatedFrame } from "../cameras/frames";

/** A loopback HTTP server of a test fake: its base URL (`http://127.0.0.1:<port>`) and `close` (drops open connections). */
export interface FakeHttpServer {
  url: string;
  close(): Promise<void>;
}

/** Starts `handle` on a free loopback port; a handler that throws ends its connection. */
export async function listenFake(handle: (request: IncomingMessage, response: ServerResponse) => void | Promise<void>): Promise<FakeHttpServer> {
  const server = createServer((request, response) => {
    void Promise.resolve()
      .then(() => handle(request, response))
      .catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a fake MJPEG stream did: streams open now and opened in all, and each JPEG it sent (each a different picture). */
export interface MjpegStreamStats {
  openStreams: number;
  streamsOpened: number;
  sent: Buffer[];
}

/** A new simulated JPEG (hub/cameras/frames.ts), frame `n`, tinted `hue`. */
export function fakeJpeg(n: number, hue = 90): Buffer {
  return drawSimulatedFrame(n, new Date(), hue);
}

/**
 * Answers `response` as a camera's or go2rtc's MJPEG does (go2rtc pkg/mjpeg/writer.go, most IP
 * cameras): `multipart/x-mixed-replace; boundary=<boundary>`, a part `--<boundary>`,
 * `Content-Type: image/jpeg`, `Content-Length`, the JPEG and CRLF every `intervalMs`, until the
 * client goes; counts it in `stats`.
 */
export function streamMjpeg(response: ServerResponse, stats: MjpegStreamStats, options: { boundary: string; intervalMs: number; hue?: number }): void {
  stats.openStreams += 1;
  stats.streamsOpened += 1;
  response.writeHead(200, { "Content-Type": `multipart/x-mixed-replace; boundary=${options.boundary}`, "Cache-Control": "no-cache", Connection: "close" });
  const send = () => {
    const jpeg = fakeJpeg(stats.sent.length + 1, options.hue);
    stats.sent.push(jpeg);
    response.write(Buffer.concat([Buffer.from(`--${options.boundary}\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`), jpeg, Buffer.from("\r\n")]));
  };
  send();
  const timer = setInterval(send, options.intervalMs);
  response.once("close", () => {
    clearInterval(timer);
    stats.openStreams -= 1;
  });
}
