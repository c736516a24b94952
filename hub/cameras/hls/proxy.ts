import type { ConcurrencyBounds } from "../../core/concurrency-limit";
import { HubError } from "../../core/errors";

/** Time limits of one request upstream, milliseconds (go2rtc itself waits up to 3 s for a segment's data). */
export const HLS_PROXY_TIMEOUTS = { playlistMs: 5_000, segmentMs: 10_000 } as const;
/** Size limits of one upstream answer, bytes. */
export const HLS_PROXY_LIMITS = { playlistBytes: 65_536, segmentBytes: 16 * 1024 * 1024 } as const;

/**
 * Proxied HLS files (playlists, segments, init sections) fetched at once: at most `perKey` of a
 * camera and `total` in all, so they hold at most `total` x {@link HLS_PROXY_LIMITS}.segmentBytes
 * (128 MiB) in memory; one more waits up to `waitMs` for its turn (at most `waiting` wait), then
 * 429 TOO_MANY_STREAMS ({@link hlsProxyRefusal}).
 */
export const HLS_PROXY_CONCURRENCY = {
  perKey: 4,
  total: 8,
  waitMs: 2_000,
  waiting: 64,
} as const satisfies ConcurrencyBounds;

/** The 429 answered when a proxied HLS file finds no turn in time; the player may try again after `retryAfterMs`. */
export function hlsProxyRefusal(): HubError {
  return new HubError("TOO_MANY_STREAMS", "too many camera video files are being fetched; try again in a moment", {
    retryAfterMs: 1_000,
  });
}

/** The kinds of HLS file the hub proxies, by hub-side name, and their Content-Type. */
export const PROXIED_HLS_FILES = {
  "playlist.m3u8": "application/vnd.apple.mpegurl",
  "segment.ts": "video/mp2t",
  "init.mp4": "video/mp4",
  "segment.m4s": "video/iso.segment",
} as const;
export type ProxiedHlsFile = keyof typeof PROXIED_HLS_FILES;

/** True when `name` is one of the HLS file kinds the hub proxies. */
export function isProxiedHlsFile(name: string): name is ProxiedHlsFile {
  return Object.hasOwn(PROXIED_HLS_FILES, name);
}

/** An answer of the proxy: the bytes and their Content-Type. */
export interface ProxiedFile {
  body: Buffer;
  contentType: string;
}

/** `fetch` as the proxy uses it (injected in tests). */
export type FetchLike = (url: URL, init: RequestInit) => Promise<Response>;

/**
 * Rewrites every URI of a playlist `text` fetched from `playlistUrl` (URI lines and the `URI="…"`
 * attribute of any tag, e.g. `EXT-X-MAP`) with `toHub`, which gets the URI resolved against the
 * playlist and answers its hub-relative name, or null when it is not a file the hub may proxy.
 * @throws HubError DEVICE_UNREACHABLE `<who> answered a playlist with an unexpected URI` (never the URI)
 */
export function rewritePlaylist(
  text: string,
  playlistUrl: URL,
  toHub: (resolved: URL) => string | null,
  who: string,
): string {
  const unexpected = () => new HubError("DEVICE_UNREACHABLE", `${who} answered a playlist with an unexpected URI`);
  const rewrite = (uri: string): string => {
    let resolved: URL;
    try {
      resolved = new URL(uri, playlistUrl);
    } catch {
      throw unexpected();
    }
    const hub = toHub(resolved);
    if (hub === null) throw unexpected();
    return hub;
  };
  return text
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === "") return "";
      if (trimmed.startsWith("#"))
        return trimmed.replace(/URI="([^"]*)"/g, (_all, uri: string) => `URI="${rewrite(uri)}"`);
      return rewrite(trimmed);
    })
    .join("\n");
}

/**
 * The HTTP side of an HLS proxy: GETs from one upstream (a go2rtc gateway, a camera's
 * own HLS) whose URL may carry `user:password@`, sent to it only, as HTTP Basic authorization.
 * Never follows redirects; every request is bounded in time ({@link HLS_PROXY_TIMEOUTS}) and size
 * ({@link HLS_PROXY_LIMITS}). Error messages start with `who` (`the camera gateway`, `the camera`)
 * and never contain the URL.
 */
export class HlsUpstream {
  /** The upstream URL without its login. */
  readonly base: URL;
  private readonly authorization: string | undefined;

  constructor(
    url: string,
    readonly who: string,
    private readonly fetcher: FetchLike = (target, init) => fetch(target, init),
    private readonly timeouts: { playlistMs: number; segmentMs: number } = HLS_PROXY_TIMEOUTS,
  ) {
    const base = new URL(url);
    if (base.username || base.password) {
      this.authorization = `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString("base64")}`;
      base.username = "";
      base.password = "";
    }
    base.hash = "";
    this.base = base;
  }

  /** Playlist `url`, its URIs rewritten by `toHub` ({@link rewritePlaylist}). @throws HubError (see {@link get}) */
  async playlist(url: URL, toHub: (resolved: URL) => string | null): Promise<ProxiedFile> {
    const body = await this.get(url, this.timeouts.playlistMs, HLS_PROXY_LIMITS.playlistBytes);
    return {
      body: Buffer.from(rewritePlaylist(body.toString("utf8"), url, toHub, this.who)),
      contentType: PROXIED_HLS_FILES["playlist.m3u8"],
    };
  }

  /** Segment (or init section) `url` as it is. @throws HubError (see {@link get}) */
  async media(url: URL, file: ProxiedHlsFile): Promise<ProxiedFile> {
    return {
      body: await this.get(url, this.timeouts.segmentMs, HLS_PROXY_LIMITS.segmentBytes),
      contentType: PROXIED_HLS_FILES[file],
    };
  }

  /**
   * GETs `url` within `timeoutMs` (headers and body), at most `maxBytes`.
   * @throws HubError NOT_FOUND when the upstream answers 404 (no such stream, or the session ended:
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
      throw new HubError("DEVICE_UNREACHABLE", `${this.who} is unreachable (${reasonOf(error)})`);
    }
    if (response.status === 404) {
      await response.body?.cancel().catch(() => undefined);
      throw new HubError("NOT_FOUND", `${this.who} has no such stream or session`);
    }
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new HubError("DEVICE_UNREACHABLE", `${this.who} answered HTTP ${response.status}`);
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
          throw new HubError("DEVICE_UNREACHABLE", `${this.who}'s answer is too large`);
        }
        chunks.push(Buffer.from(value));
      }
    } catch (error) {
      if (error instanceof HubError) throw error;
      throw new HubError("DEVICE_UNREACHABLE", `${this.who}'s answer broke off (${reasonOf(error)})`);
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
