import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { simulatedJpeg, streamMjpeg, type MjpegStreamStats } from "../simulator/ip-cameras";
import { listenFake } from "./fake-http";

/** One request the fake gateway received: path with query, and its Authorization header. */
export interface Go2rtcRequest {
  url: string;
  authorization: string | undefined;
}

/** One SDP exchange the fake go2rtc received. */
export interface ReceivedOffer {
  src: string;
  contentType: string | undefined;
  authorization: string | undefined;
  sdp: string;
}

/** Options of {@link startFakeGo2rtc}. */
export interface FakeGo2rtcOptions {
  /** Streams it has (go2rtc's `streams:` names); default `["cam1"]`. */
  streams?: string[];
  /** The bytes of every MPEG-TS segment; default 188 bytes of TS null packets. */
  segment?: Buffer;
  /** Required `Authorization` header (go2rtc's `api: username/password`); unset = none. */
  authorization?: string;
  /** Replaces the media playlist text (a hostile gateway); `%ID%` is replaced by the session id. */
  playlist?: string;
  /** Milliseconds between the JPEGs of its MJPEG stream (default 100). */
  intervalMs?: number;
}

/** A fake go2rtc on loopback: its base URL (`http://127.0.0.1:<port>`), what it received and sent, and `close`. */
export interface FakeGo2rtc extends MjpegStreamStats {
  url: string;
  /** Every request: path with query and Authorization. */
  requests: Go2rtcRequest[];
  /** HLS session ids it started (one per `api/stream.m3u8`). */
  readonly sessions: string[];
  /** The SDP answer it sends for every offer. */
  answer: string;
  offers: ReceivedOffer[];
  close(): Promise<void>;
}

const STREAM_NOT_FOUND = "stream not found"; // go2rtc internal/api/api.go StreamNotFound
/** The paths that name a stream with `?src=` (the HLS session paths use `?id=` instead). */
const SRC_PATHS = new Set(["/api/stream.m3u8", "/api/webrtc", "/api/frame.jpeg", "/api/stream.mjpeg"]);

/**
 * A fake go2rtc HTTP server on loopback speaking go2rtc's real request and answer shapes for hub
 * tests: WebRTC, MJPEG and snapshots (internal/webrtc/server.go, internal/mjpeg/mjpeg.go,
 * pkg/mjpeg/writer.go) and HLS (internal/hls/hls.go, session.go).
 * - `POST /api/webrtc?src=` takes the raw offer and answers by Content-Type (`application/sdp`:
 *   WHEP, `201` with the SDP; `application/json`: `{type:"answer", sdp}`; otherwise the raw SDP with 200);
 * - `GET /api/frame.jpeg?src=` one JPEG; `GET /api/stream.mjpeg?src=`
 *   `multipart/x-mixed-replace; boundary=frame` with a JPEG part every `intervalMs`;
 * - `GET /api/stream.m3u8?src=` the master playlist `#EXT-X-STREAM-INF:BANDWIDTH=192000,CODECS="avc1.640029"` /
 *   `hls/playlist.m3u8?id=<8 chars>`; `/api/hls/playlist.m3u8?id=` the TS media playlist of two 0.5 s
 *   segments `segment.ts?id=<id>&n=<seq>`; `/api/hls/segment.ts?id=&n=` the segment bytes; an unknown session 404.
 * An unknown stream is `404 stream not found` as go2rtc says it; a wrong login 401.
 */
export async function startFakeGo2rtc(options: FakeGo2rtcOptions = {}): Promise<FakeGo2rtc> {
  const streams = new Set(options.streams ?? ["cam1"]);
  const segment = options.segment ?? Buffer.from([0x47, 0x1f, 0xff, 0x10, ...new Array<number>(184).fill(0xff)]);
  const sessions = new Map<string, number>();
  const fake: Omit<FakeGo2rtc, "url" | "close" | "sessions"> = {
    answer:
      "v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:0\r\na=sendonly\r\na=rtpmap:96 VP8/90000\r\n",
    offers: [],
    requests: [],
    openStreams: 0,
    streamsOpened: 0,
    sent: [],
  };
  let snapshots = 0;
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    fake.requests.push({ url: request.url ?? "", authorization: request.headers.authorization });
    const url = new URL(request.url ?? "/", "http://go2rtc.invalid");
    if (options.authorization !== undefined && request.headers.authorization !== options.authorization) {
      response.writeHead(401, { "WWW-Authenticate": 'Basic realm="go2rtc"' }).end();
      return;
    }
    const src = url.searchParams.get("src") ?? "";
    if (SRC_PATHS.has(url.pathname) && !streams.has(src)) {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end(`${STREAM_NOT_FOUND}\n`);
      return;
    }
    const id = url.searchParams.get("id") ?? "";
    switch (`${request.method} ${url.pathname}`) {
      case "POST /api/webrtc": {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const body = Buffer.concat(chunks).toString("utf8");
        const contentType = request.headers["content-type"];
        const mediaType = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
        const sdp = mediaType === "application/json" ? (JSON.parse(body) as { sdp: string }).sdp : body;
        fake.offers.push({ src, contentType, authorization: request.headers.authorization, sdp });
        if (mediaType === "application/json")
          response
            .writeHead(200, { "Content-Type": mediaType })
            .end(JSON.stringify({ type: "answer", sdp: fake.answer }));
        else if (mediaType === "application/sdp")
          response.writeHead(201, { "Content-Type": mediaType }).end(fake.answer);
        else response.writeHead(200, { "Content-Type": mediaType ?? "" }).end(fake.answer);
        return;
      }
      case "GET /api/frame.jpeg": {
        const jpeg = simulatedJpeg(++snapshots);
        response
          .writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": jpeg.length, "Cache-Control": "no-cache" })
          .end(jpeg);
        return;
      }
      case "GET /api/stream.mjpeg":
        streamMjpeg(response, fake, { boundary: "frame", intervalMs: options.intervalMs ?? 100 });
        return;
      case "GET /api/stream.m3u8": {
        const session = randomBytes(6)
          .toString("base64")
          .replace(/[^A-Za-z0-9]/g, "x")
          .slice(0, 8);
        sessions.set(session, 0);
        response.writeHead(200, { "Content-Type": "application/vnd.apple.mpegurl" });
        response.end(
          `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=192000,CODECS="avc1.640029"\nhls/playlist.m3u8?id=${session}`,
        );
        return;
      }
      case "GET /api/hls/playlist.m3u8": {
        const seq = sessions.get(id);
        if (seq === undefined) return notFound(response);
        response.writeHead(200, { "Content-Type": "application/vnd.apple.mpegurl" });
        response.end(
          options.playlist?.replaceAll("%ID%", id) ??
            `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:${seq}\n#EXTINF:0.500,\nsegment.ts?id=${id}&n=${seq}\n#EXTINF:0.500,\nsegment.ts?id=${id}&n=${seq + 1}`,
        );
        return;
      }
      case "GET /api/hls/segment.ts": {
        const seq = sessions.get(id);
        if (seq === undefined) return notFound(response);
        sessions.set(id, seq + 1);
        response.writeHead(200, { "Content-Type": "video/mp2t" }).end(segment);
        return;
      }
      default:
        notFound(response);
    }
  };
  const server = await listenFake(handle);
  // A getter, not a copy: Object.assign would read `sessions` once.
  return Object.defineProperty(Object.assign(fake, { url: server.url, close: server.close }), "sessions", {
    get: () => [...sessions.keys()],
    enumerable: true,
  }) as FakeGo2rtc;
}

function notFound(response: ServerResponse): void {
  response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("404 page not found\n");
}
