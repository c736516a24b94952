import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the fake gateway received: path with query, and its Authorization header. */
export interface Go2rtcRequest {
  url: string;
  authorization: string | undefined;
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
}

/** A fake go2rtc on loopback: its base URL (`http://127.0.0.1:<port>`), the requests it got, and `close`. */
export interface FakeGo2rtc {
  url: string;
  requests: Go2rtcRequest[];
  /** Session ids it started (one per `api/stream.m3u8`). */
  sessions: string[];
  close(): Promise<void>;
}

/**
 * Starts a small HTTP server speaking go2rtc's HLS API with its real shapes (go2rtc
 * `internal/hls/hls.go`, `session.go`): `GET /api/stream.m3u8?src=<name>` answers the master
 * playlist `#EXT-X-STREAM-INF:BANDWIDTH=192000,CODECS="avc1.640029"` / `hls/playlist.m3u8?id=<8
 * chars>` (404 `stream not found` for an unknown src); `/api/hls/playlist.m3u8?id=` the TS media
 * playlist of two 0.5 s segments `segment.ts?id=<id>&n=<seq>`; `/api/hls/segment.ts?id=&n=` the
 * segment bytes (`video/mp2t`); an unknown session 404.
 */
export async function startFakeGo2rtc(options: FakeGo2rtcOptions = {}): Promise<FakeGo2rtc> {
  const streams = new Set(options.streams ?? ["cam1"]);
  const segment = options.segment ?? Buffer.from([0x47, 0x1f, 0xff, 0x10, ...new Array<number>(184).fill(0xff)]);
  const requests: Go2rtcRequest[] = [];
  const sessions = new Map<string, number>();
  const server: Server = createServer((request: IncomingMessage, response) => {
    requests.push({ url: request.url ?? "", authorization: request.headers.authorization });
    const url = new URL(request.url ?? "/", "http://go2rtc.invalid");
    if (options.authorization !== undefined && request.headers.authorization !== options.authorization) {
      response.writeHead(401, { "WWW-Authenticate": 'Basic realm="go2rtc"' }).end();
      return;
    }
    const id = url.searchParams.get("id") ?? "";
    switch (url.pathname) {
      case "/api/stream.m3u8": {
        if (!streams.has(url.searchParams.get("src") ?? "")) {
          response.writeHead(404, { "Content-Type": "text/plain" }).end("stream not found\n");
          return;
        }
        const session = randomBytes(6).toString("base64").replace(/[^A-Za-z0-9]/g, "x").slice(0, 8);
        sessions.set(session, 0);
        response.writeHead(200, { "Content-Type": "application/vnd.apple.mpegurl" });
        response.end(`#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=192000,CODECS="avc1.640029"\nhls/playlist.m3u8?id=${session}`);
        return;
      }
      case "/api/hls/playlist.m3u8": {
        const seq = sessions.get(id);
        if (seq === undefined) return notFound(response);
        response.writeHead(200, { "Content-Type": "application/vnd.apple.mpegurl" });
        response.end(
          options.playlist?.replaceAll("%ID%", id) ??
            `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:${seq}\n#EXTINF:0.500,\nsegment.ts?id=${id}&n=${seq}\n#EXTINF:0.500,\nsegment.ts?id=${id}&n=${seq + 1}`,
        );
        return;
      }
      case "/api/hls/segment.ts": {
        const seq = sessions.get(id);
        if (seq === undefined) return notFound(response);
        sessions.set(id, seq + 1);
        response.writeHead(200, { "Content-Type": "video/mp2t" }).end(segment);
        return;
      }
      default:
        notFound(response);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get sessions() {
      return [...sessions.keys()];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function notFound(response: ServerResponse): void {
  response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("404 page not found\n");
}
