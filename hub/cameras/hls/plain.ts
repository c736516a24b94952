import {
  HLS_PROXY_TIMEOUTS,
  HlsUpstream,
  isProxiedHlsFile,
  type FetchLike,
  type ProxiedFile,
  type ProxiedHlsFile,
} from "./proxy";

/** A path below the camera's playlist folder: 1..5 names of `[A-Za-z0-9_-][A-Za-z0-9._-]*` (no `..`, no empty name), at most 300 characters. */
const RELATIVE_PATH = /^(?=.{1,300}$)([A-Za-z0-9_-][A-Za-z0-9._-]{0,99}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;
/** An upstream query (an access token, a session): URL-safe characters only, at most 300. */
const QUERY = /^[A-Za-z0-9._~=&%+-]{0,300}$/;
/** The hub-side kind of an upstream file, by its extension. */
const KIND_OF_EXTENSION: Readonly<Record<string, ProxiedHlsFile>> = {
  m3u8: "playlist.m3u8",
  ts: "segment.ts",
  mp4: "init.mp4",
  m4s: "segment.m4s",
};

/** A checked file of a camera's own HLS: its kind, its path below the playlist's folder (`p`) and its query (`q`). */
export interface PlainFileRef {
  file: ProxiedHlsFile;
  p: string;
  q: string;
}

function kindOf(path: string): ProxiedHlsFile | undefined {
  return KIND_OF_EXTENSION[/\.([a-z0-9]{1,5})$/i.exec(path)?.[1]?.toLowerCase() ?? ""];
}

/**
 * Checks a browser's request for file `file` with query `query` of a camera's own HLS: `file` one
 * of the proxied kinds, `p` a relative path whose extension is that kind's, `q` (optional) a
 * URL-safe query. Null when any of it is wrong (then nothing goes upstream).
 */
export function plainFileRef(file: string, query: Readonly<Record<string, unknown>>): PlainFileRef | null {
  if (!isProxiedHlsFile(file)) return null;
  const { p, q = "" } = query;
  if (typeof p !== "string" || !RELATIVE_PATH.test(p) || kindOf(p) !== file) return null;
  if (typeof q !== "string" || !QUERY.test(q)) return null;
  return { file, p, q };
}

/**
 * A camera's own HLS (household source `hls`, e.g. `http://user:pass@cam/live/index.m3u8`),
 * proxied by the hub: {@link index} is the camera's playlist, {@link file} any playlist,
 * segment or init section it lists. Every URI is rewritten to a hub-relative name
 * `<kind>?p=<path>&q=<query>` (kind `playlist.m3u8`, `segment.ts`, `init.mp4`, `segment.m4s` by
 * extension), accepted only when it resolves to the playlist's own origin and folder (or below),
 * so the browser never sees the camera's address or login, and the hub never fetches anything else.
 */
export class PlainHls {
  private readonly upstream: HlsUpstream;
  private readonly folder: URL;

  constructor(
    source: { url: string },
    fetcher?: FetchLike,
    timeouts: { playlistMs: number; segmentMs: number } = HLS_PROXY_TIMEOUTS,
  ) {
    this.upstream = new HlsUpstream(source.url, "the camera", fetcher, timeouts);
    this.folder = new URL("./", this.upstream.base);
    this.folder.search = "";
  }

  /** The camera's playlist (master or media), URIs rewritten. @throws HubError (proxy.ts) */
  index(): Promise<ProxiedFile> {
    return this.upstream.playlist(this.upstream.base, (resolved) => this.toHub(resolved));
  }

  /** The checked file `ref`: a playlist rewritten, anything else as it is. @throws HubError (proxy.ts) */
  file(ref: PlainFileRef): Promise<ProxiedFile> {
    const url = new URL(ref.p, this.folder);
    url.search = ref.q;
    if (ref.file === "playlist.m3u8") return this.upstream.playlist(url, (resolved) => this.toHub(resolved));
    return this.upstream.media(url, ref.file);
  }

  /** The hub name of an upstream URI already resolved, or null when it leaves the playlist's folder or is no HLS file. */
  private toHub(resolved: URL): string | null {
    if (
      resolved.origin !== this.folder.origin ||
      resolved.username ||
      resolved.password ||
      !resolved.pathname.startsWith(this.folder.pathname)
    )
      return null;
    const p = resolved.pathname.slice(this.folder.pathname.length);
    const q = resolved.search.replace(/^\?/, "");
    const ref = plainFileRef(kindOf(p) ?? "", { p, q });
    if (!ref) return null;
    return `${ref.file}?p=${encodeURIComponent(ref.p)}${ref.q ? `&q=${encodeURIComponent(ref.q)}` : ""}`;
  }
}
