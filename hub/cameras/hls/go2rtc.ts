import {
  HLS_PROXY_TIMEOUTS,
  HlsUpstream,
  isProxiedHlsFile,
  rewritePlaylist,
  type FetchLike,
  type ProxiedFile,
  type ProxiedHlsFile,
} from "./proxy";

/**
 * The HLS of a go2rtc camera, proxied by the hub (go2rtc `internal/hls/hls.go`,
 * `session.go`): `GET <gateway>/api/stream.m3u8?src=<src>` starts a go2rtc session and answers a
 * master playlist whose one variant is `hls/playlist.m3u8?id=<session>`; that media playlist lists
 * `segment.ts?id=<session>&n=<n>` (MPEG-TS, the default) or `init.mp4?id=` and
 * `segment.m4s?id=&n=` (fMP4), all relative to `<gateway>/api/hls/`. A session ends 5 s after its
 * last segment request. Every URI of both playlists is rewritten to a hub-relative name
 * (`playlist.m3u8?id=…`, `segment.ts?id=…&n=…`), so the browser talks only to the hub and never
 * sees the gateway, its address or its credentials. Upstream requests go only to the configured
 * gateway, built from names and parameters checked against strict patterns (no open proxy), never
 * follow redirects, and are bounded in time and size (proxy.ts).
 */

/** A go2rtc session id (go2rtc: 8 characters of `[0-9A-Za-z]`; a little room for other versions). */
const SESSION_ID = /^[A-Za-z0-9]{1,64}$/;
/** A go2rtc segment number. */
const SEGMENT_NUMBER = /^\d{1,12}$/;

/** The checked parameters of one go2rtc HLS file: its session id and, for segments, its number. */
export interface Go2rtcFileRef {
  file: ProxiedHlsFile;
  id: string;
  n?: string | undefined;
}

/**
 * Checks a request for go2rtc HLS file `file` with query `query` (the browser's, or one parsed
 * from a gateway playlist): a known file, `id` a session id, `n` (optional) a number, nothing
 * else used. Null when any of it is wrong.
 */
export function go2rtcFileRef(file: string, query: Readonly<Record<string, unknown>>): Go2rtcFileRef | null {
  if (!isProxiedHlsFile(file)) return null;
  const { id, n } = query;
  if (typeof id !== "string" || !SESSION_ID.test(id)) return null;
  if (n !== undefined && (typeof n !== "string" || !SEGMENT_NUMBER.test(n))) return null;
  return { file, id, n };
}

/** The hub-relative URI of `ref` (relative to the hub's `…/{stream}/index.m3u8`). */
export function hubUriOf(ref: Go2rtcFileRef): string {
  return `${ref.file}?id=${ref.id}${ref.n === undefined ? "" : `&n=${ref.n}`}`;
}

/** The hub-relative name of a go2rtc URI already resolved, or null when it is not one of its HLS files under `hlsBase` (`<gateway>/api/hls/`). */
function go2rtcToHub(resolved: URL, hlsBase: URL): string | null {
  if (resolved.origin !== hlsBase.origin || !resolved.pathname.startsWith(hlsBase.pathname)) return null;
  const ref = go2rtcFileRef(
    resolved.pathname.slice(hlsBase.pathname.length),
    Object.fromEntries(resolved.searchParams),
  );
  return ref ? hubUriOf(ref) : null;
}

/**
 * Rewrites every URI of a go2rtc playlist `text` fetched from `playlistUrl` into the hub-relative
 * name of the same file. @throws HubError DEVICE_UNREACHABLE naming the problem (not the URI) when
 * any URI is not a go2rtc HLS file under `hlsBase` with a valid session id.
 */
export function rewriteGo2rtcPlaylist(text: string, playlistUrl: URL, hlsBase: URL): string {
  return rewritePlaylist(text, playlistUrl, (resolved) => go2rtcToHub(resolved, hlsBase), "the camera gateway");
}

/**
 * One go2rtc camera's HLS through the hub: {@link index} (a new go2rtc session, its master playlist
 * rewritten) and {@link file} (a media playlist rewritten, or a segment's bytes as they are).
 * The gateway URL may carry `user:password@` (go2rtc's `api` login): sent as HTTP Basic
 * authorization to the gateway only.
 */
export class Go2rtcHls {
  private readonly upstream: HlsUpstream;
  private readonly base: URL;
  private readonly hlsBase: URL;
  private readonly src: string;

  constructor(
    gateway: { url: string; src: string },
    fetcher?: FetchLike,
    timeouts: { playlistMs: number; segmentMs: number } = HLS_PROXY_TIMEOUTS,
  ) {
    this.upstream = new HlsUpstream(gateway.url, "the camera gateway", fetcher, timeouts);
    const base = new URL(this.upstream.base);
    base.search = "";
    if (!base.pathname.endsWith("/")) base.pathname += "/";
    this.base = base;
    this.hlsBase = new URL("api/hls/", base);
    this.src = gateway.src;
  }

  /** A new go2rtc HLS session of the camera's stream: the master playlist, URIs rewritten. @throws HubError (proxy.ts) */
  async index(): Promise<ProxiedFile> {
    const url = new URL("api/stream.m3u8", this.base);
    url.searchParams.set("src", this.src);
    return this.upstream.playlist(url, (resolved) => go2rtcToHub(resolved, this.hlsBase));
  }

  /** The checked file `ref` from the gateway: a media playlist rewritten, anything else as it is. @throws HubError (proxy.ts) */
  async file(ref: Go2rtcFileRef): Promise<ProxiedFile> {
    const url = new URL(ref.file, this.hlsBase);
    url.searchParams.set("id", ref.id);
    if (ref.n !== undefined) url.searchParams.set("n", ref.n);
    if (ref.file === "playlist.m3u8")
      return this.upstream.playlist(url, (resolved) => go2rtcToHub(resolved, this.hlsBase));
    return this.upstream.media(url, ref.file);
  }
}
