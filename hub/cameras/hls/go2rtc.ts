import { HubError } from "../../core/errors";

/**
 * The HLS of a go2rtc camera, proxied by the hub (issue 12; go2rtc `internal/hls/hls.go`,
 * `session.go`): `GET <gateway>/api/stream.m3u8?src=<src>` starts a go2rtc session and answers a
 * master playlist whose one variant is `hls/playlist.m3u8?id=<session>`; that media playlist lists
 * `segment.ts?id=<session>&n=<n>` (MPEG-TS, the default) or `init.mp4?id=` and
 * `segment.m4s?id=&n=` (fMP4), all relative to `<gateway>/api/hls/`. A session ends 5 s after its
 * last segment request. Every URI of both playlists is rewritten to a hub-relative name
 * (`playlist.m3u8?id=…`, `segment.ts?id=…&n=…`), so the browser talks only to the hub and never
 * sees the gateway, its address or its credentials. Upstream requests go only to the configured
 * gateway, built from names and parameters checked against strict patterns (no open proxy), never
 * follow redirects, and are bounded in time and size.
 */

/** Time limits of one request to the gateway, milliseconds (go2rtc itself waits up to 3 s for a segment's data). */
export const GO2RTC_TIMEOUTS = { playlistMs: 5_000, segmentMs: 10_000 } as const;
/** Size limits of one answer of the gateway, bytes. */
export const GO2RTC_LIMITS = { playlistBytes: 65_536, segmentBytes: 16 * 1024 * 1024 } as const;

/** The files of go2rtc's HLS under `<gateway>/api/hls/` the hub proxies, and their Content-Type. */
export const GO2RTC_HLS_FILES = {
  "playlist.m3u8": "application/vnd.apple.mpegurl",
  "segment.ts": "video/mp2t",
  "init.mp4": "video/mp4",
  "segment.m4s": "video/iso.segment",
} as const;
export type Go2rtcHlsFile = keyof typeof GO2RTC_HLS_FILES;

/** A go2rtc session id (go2rtc: 8 characters of `[0-9A-Za-z]`; a little room for other versions). */
const SESSION_ID = /^[A-Za-z0-9]{1,64}$/;
/** A go2rtc segment number. */
const SEGMENT_NUMBER = /^\d{1,12}$/;

/** The checked parameters of one go2rtc HLS file: its session id and, for segments, its number. */
export interface Go2rtcFileRef {
  file: Go2rtcHlsFile;
  id: string;
  n?: string | undefined;
}

/** An answer of the proxy: the bytes and their Content-Type. */
export interface ProxiedFile {
  body: Buffer;
  contentType: string;
}

/** True when `name` is one of the go2rtc HLS files the hub proxies. */
export function isGo2rtcHlsFile(name: string): name is Go2rtcHlsFile {
  return Object.hasOwn(GO2RTC_HLS_FILES, name);
}

/**
 * Checks a request for go2rtc HLS file `file` with query `query` (the browser's, or one parsed
 * from a gateway playlist): a known file, `id` a session id, `n` (optional) a number, nothing
 * else used. Null when any of it is wrong.
 */
export function go2rtcFileRef(file: string, query: Readonly<Record<string, unknown>>): Go2rtcFileRef | null {
  if (!isGo2rtcHlsFile(file)) return null;
  const { id, n } = query;
  if (typeof id !== "string" || !SESSION_ID.test(id)) return null;
  if (n !== undefined && (typeof n !== "string" || !SEGMENT_NUMBER.test(n))) return null;
  return { file, id, n };
}

/** The hub-relative URI of `ref` (relative to the hub's `…/{stream}/index.m3u8`). */
export function hubUriOf(ref: Go2rtcFileRef): string {
  return `${ref.file}?id=${ref.id}${ref.n === undefined ? "" : `&n=${ref.n}`}`;
}

/**
 * Rewrites every URI of a go2rtc playlist `text` fetched from `playlistUrl` (URI lines and the
 * `URI="…"` attribute of any tag, e.g. `EXT-X-MAP`) into the hub-relative name of the same file.
 * A URI is accepted only when it resolves to one of {@link GO2RTC_HLS_FILES} under `hlsBase`
 * (`<gateway>/api/hls/`) with a valid session id. @throws HubError DEVICE_UNREACHABLE naming the
 * problem (not the URI) when any URI is not such a file.
 */
export function rewriteGo2rtcPlaylist(text: string, playlistUrl: URL, hlsBase: URL): string {
  const rewrite = (uri: string): string => {
    let resolved: URL;
    try {
      resolved = new URL(uri, playlistUrl);
    } catch {
      throw unexpected();
    }
    if (resolved.origin !== hlsBase.origin || !resolved.pathname.startsWith(hlsBase.pathname)) throw unexpected();
    const ref = go2rtcFileRef(resolved.pathname.slice(hlsBase.pathname.length), Object.fromEntries(resolved.searchParams));
    if (!ref) throw unexpected();
    return hubUriOf(ref);
  };
  return text
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === "") return "";
      if (trimmed.startsWith("#")) return trimmed.replace(/URI="([^"]*)"/g, (_all, uri: string) => `URI="${rewrite(uri)}"`);
      return rewrite(trimmed);
    })
    .join("\n");
}

function unexpected(): HubError {
  return new HubError("DEVICE_UNREACHABLE", "the camera gateway answered a playlist with an unexpected URI");
}

/** `fetch` as the proxy uses it (injected in tests). */
export type FetchLike = (url: URL, init: RequestInit) => Promise<Response>;

/**
 * One go2rtc camera's HLS through the hub: {@link index} (a new go2rtc session, its master playlist
 * rewritten) and {@link file} (a media playlist rewritten, or a segment's bytes as they are).
 * The gateway URL may carry `user:password@` (go2rtc's `api` login): sent as HTTP Basic
 * authorization to the gateway only.
 */
export class Go2rtcHls {
  private readonly base: URL;
  private readonly hlsBase: URL;
  private readonly authorization: string | undefined;
  private readonly src: string;

  constructor(
    gateway: { url: string; src: string },
    private readonly fetcher: FetchLike = (url, init) => fetch(url, init),
    private readonly timeouts: { playlistMs: number; segmentMs: number } = GO2RTC_TIMEOUTS,
  ) {
    const base = new URL(gateway.url);
    if (base.username || base.password) {
      this.authorization = `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString("base64")}`;
      base.username = "";
      base.password = "";
    }
    base.search = "";
    base.hash = "";
    if (!base.pathname.endsWith("/")) base.pathname += "/";
    this.base = base;
    this.hlsBase = new URL("api/hls/", base);
    this.src = gateway.src;
  }

  /** A new go2rtc HLS session of the camera's stream: the master playlist, URIs rewritten. @throws HubError (see {@link get}) */
  async index(): Promise<ProxiedFile> {
    const url = new URL("api/stream.m3u8", this.base);
    url.searchParams.set("src", this.src);
    const body = await this.get(url, this.timeouts.playlistMs, GO2RTC_LIMITS.playlistBytes);
    return { body: Buffer.from(rewriteGo2rtcPlaylist(body.toString("utf8"), url, this.hlsBase)), contentType: GO2RTC_HLS_FILES["playlist.m3u8"] };
  }

  /** The checked file `ref` from the gateway: a media playlist rewritten, anything else as it is. @throws HubError (see {@link get}) */
  async file(ref: Go2rtcFileRef): Promise<ProxiedFile> {
    const url = new URL(ref.file, this.hlsBase);
    url.searchParams.set("id", ref.id);
    if (ref.n !== undefined) url.searchParams.set("n", ref.n);
    const contentType = GO2RTC_HLS_FILES[ref.file];
    if (ref.file === "playlist.m3u8") {
      const body = await this.get(url, this.timeouts.playlistMs, GO2RTC_LIMITS.playlistBytes);
      return { body: Buffer.from(rewriteGo2rtcPlaylist(body.toString("utf8"), url, this.hlsBase)), contentType };
    }
    return { body: await this.get(url, this.timeouts.segmentMs, GO2RTC_LIMITS.segmentBytes), contentType };
  }

  /**
   * GETs `url` from the gateway within `timeoutMs` (headers and body), at most `maxBytes`.
   * @throws HubError NOT_FOUND when the gateway answers 404 (no such stream, or the session ended:
   * the player starts again from index.m3u8); DEVICE_UNREACHABLE when it cannot be reached, is too
   * slow, redirects, answers another error status or too many bytes. Messages never contain the URL.
   */
  private async get(url: URL, timeoutMs: number, maxBytes: number): Promise<Buffer> {
    const headers: Record<string, string> = {};
    if (this.authorization) headers.authorization = this.authorization;
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await this.fetcher(url, { headers, signal, redirect: "manual" });
    } catch (error) {
      throw new HubError("DEVICE_UNREACHABLE", `the camera gateway is unreachable (${reasonOf(error)})`);
    }
    if (response.status === 404) {
      await response.body?.cancel().catch(() => undefined);
      throw new HubError("NOT_FOUND", "the camera gateway has no such stream or session");
    }
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new HubError("DEVICE_UNREACHABLE", `the camera gateway answered HTTP ${response.status}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw new HubError("DEVICE_UNREACHABLE", "the camera gateway's answer is too large");
        }
        chunks.push(Buffer.from(value));
      }
    } catch (error) {
      if (error instanceof HubError) throw error;
      throw new HubError("DEVICE_UNREACHABLE", `the camera gateway's answer broke off (${reasonOf(error)})`);
    }
    return Buffer.concat(chunks);
  }
}

/** A short reason for a failed request, never the URL: `timeout`, a system error code, or the error's name. */
function reasonOf(error: unknown): string {
  if (error instanceof DOMException && error.name === "TimeoutError") return "timeout";
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === "string") return cause.code;
  return error instanceof Error ? error.name : "error";
}
