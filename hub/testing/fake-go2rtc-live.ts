import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { drawSimulatedFrame } from "../cameras/frames";

/** One SDP exchange the fake go2rtc received. */
export interface ReceivedOffer {
  src: string;
  contentType: string | undefined;
  authorization: string | undefined;
  sdp: string;
}

/** A small go2rtc stand-in for hub tests of WebRTC, MJPEG and snapshots (see {@link startFakeGo2rtc}; its HLS API is faked by fake-go2rtc.ts). */
export interface FakeGo2rtc {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The SDP answer it sends for every offer. */
  answer: string;
  offers: ReceivedOffer[];
  /** MJPEG streams open now, and opened in all. */
  openStreams: number;
  streamsOpened: number;
  /** JPEGs sent on streams so far (each a different picture). */
  sent: Buffer[];
  close(): Promise<void>;
}

const STREAM_NOT_FOUND = "stream not found"; // go2rtc internal/api/api.go StreamNotFound

/**
 * A fake go2rtc HTTP server on loopback speaking go2rtc's real request and answer shapes
 * (internal/webrtc/server.go, internal/mjpeg/mjpeg.go, pkg/mjpeg/writer.go) for the streams `streams`:
 * `POST /api/webrtc?src=` takes the raw offer and answers by Content-Type (`application/sdp`:
 * WHEP, `201` with the SDP; `application/json`: `{type:"answer", sdp}`; otherwise the raw SDP with
 * 200); `GET /api/frame.jpeg?src=` one JPEG; `GET /api/stream.mjpeg?src=`
 * `multipart/x-mixed-replace; boundary=frame` with a part `--frame`, `Content-Type: image/jpeg`,
 * `Content-Length`, every `intervalMs`. An unknown stream is `404 stream not found` as go2rtc says it.
 */
export async function startFakeGo2rtc(streams: string[], intervalMs = 100): Promise<FakeGo2rtc> {
  const fake: Omit<FakeGo2rtc, "url" | "close"> = {
    answer: "v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:0\r\na=sendonly\r\na=rtpmap:96 VP8/90000\r\n",
    offers: [],
    openStreams: 0,
    streamsOpened: 0,
    sent: [],
  };
  let frame = 0;
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://go2rtc");
    const src = url.searchParams.get("src") ?? "";
    if (!streams.includes(src)) {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end(`${STREAM_NOT_FOUND}\n`);
      return;
    }
    if (request.method === "POST" && url.pathname === "/api/webrtc") {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString("utf8");
      const contentType = request.headers["content-type"];
      const mediaType = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
      const sdp = mediaType === "application/json" ? (JSON.parse(body) as { sdp: string }).sdp : body;
      fake.offers.push({ src, contentType, authorization: request.headers.authorization, sdp });
      if (mediaType === "application/json") response.writeHead(200, { "Content-Type": mediaType }).end(JSON.stringify({ type: "answer", sdp: fake.answer }));
      else if (mediaType === "application/sdp") response.writeHead(201, { "Content-Type": mediaType }).end(fake.answer);
      else response.writeHead(200, { "Content-Type": mediaType ?? "" }).end(fake.answer);
      return;
    }
    if (request.method === "GET" && url.pathname === "/api/frame.jpeg") {
      const jpeg = drawSimulatedFrame(++frame, new Date(), 90);
      response.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": jpeg.length, "Cache-Control": "no-cache" }).end(jpeg);
      return;
    }
    if (request.method === "GET" && url.pathname === "/api/stream.mjpeg") {
      fake.openStreams += 1;
      fake.streamsOpened += 1;
      response.writeHead(200, { "Content-Type": "multipart/x-mixed-replace; boundary=frame", "Cache-Control": "no-cache", Connection: "close" });
      const send = () => {
        const jpeg = drawSimulatedFrame(++frame, new Date(), 90);
        fake.sent.push(jpeg);
        response.write(Buffer.concat([Buffer.from(`--frame\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`), jpeg, Buffer.from("\r\n")]));
      };
      send();
      const timer = setInterval(send, intervalMs);
      response.once("close", () => {
        clearInterval(timer);
        fake.openStreams -= 1;
      });
      return;
    }
    response.writeHead(405).end();
  };
  const server = createServer((request, response) => void handle(request, response).catch(() => response.destroy()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
