import { HLS_PLAYLIST_CONTENT_TYPE, type Camera } from "../../../contract/cameras";
import { ConcurrencyLimit, type ConcurrencyBounds } from "../../core/concurrency-limit";
import { HubError } from "../../core/errors";
import type { HouseholdCamera } from "../household";
import { ffmpegMissing, RtspHls, type RtspLog } from "../sources/rtsp";
import { DemoHls } from "./demo";
import type { DemoHlsSource } from "./ffmpeg";
import { Go2rtcHls, go2rtcFileRef } from "./go2rtc";
import { PlainHls, plainFileRef } from "./plain";
import { HLS_PROXY_CONCURRENCY, hlsProxyRefusal, type FetchLike, type ProxiedFile } from "./proxy";

/** The entry playlist's name: `GET /live/hls/{cameraId}/{stream}/index.m3u8` (contract `hlsPath`). */
export const HLS_INDEX = "index.m3u8";

/** How long a browser may keep a demo segment: its name (the media sequence number) always means the same bytes. */
export const DEMO_SEGMENT_CACHE = "private, max-age=3600, immutable";

/** One answer of the HLS routes: bytes or text, Content-Type and Cache-Control. */
export interface HlsAnswer {
  body: Buffer | string;
  contentType: string;
  cacheControl: string;
  /** A proxied file holds its slot of the limit until this is called: when its answer has been sent, or the client has gone. */
  done?: () => void;
}

/**
 * The cameras' HLS (`GET /live/hls/{cameraId}/{stream}/{file}` on the camera v1 base):
 * a demo camera's live playlist and segments from the committed clip (demo.ts) or, when Debian's
 * ffmpeg is present, from its live test source (ffmpeg.ts), a go2rtc camera's
 * HLS proxied from its gateway with every URI rewritten (go2rtc.ts), a camera's own HLS proxied the
 * same way (plain.ts), an RTSP camera's stream segmented by ffmpeg on the hub (sources/rtsp.ts; 409
 * NOT_SUPPORTED saying to install ffmpeg when the hub has none). Only cameras that are enabled
 * and have `hls`; stream `full`, or `mobile` when the camera has one. Playlists `no-cache`, demo
 * segments cacheable, proxied and RTSP segments `no-store`. Proxied files (go2rtc, a camera's own
 * HLS) are fetched under one {@link ConcurrencyLimit} keyed by camera (`limits`,
 * {@link HLS_PROXY_CONCURRENCY}), each holding its slot until its answer's `done`: past it 429
 * TOO_MANY_STREAMS.
 */
export class HlsService {
  private readonly proxies = new Map<string, Go2rtcHls>();
  private readonly plain = new Map<string, PlainHls>();
  private readonly rtsp = new Map<string, RtspHls>();
  private readonly rtspWithoutFfmpeg = new Set<string>();
  private readonly proxied: ConcurrencyLimit;

  constructor(
    cameras: readonly HouseholdCamera[],
    /** The camera items as they are now (edits applied). @throws HubError NOT_FOUND for an unknown id */
    private readonly items: { get(id: string): Camera },
    /** The demo cameras' HLS: the committed clip looped (demo.ts), or ffmpeg's live test source when present (ffmpeg.ts). */
    private readonly demo: DemoHlsSource = new DemoHls(),
    fetcher?: FetchLike,
    /** Debian's ffmpeg for RTSP cameras (null: none) and the log of its failures. */
    rtsp: { ffmpeg: string | null; log: RtspLog } = { ffmpeg: null, log: console },
    /** How many proxied files are fetched at once, per camera and in all. */
    limits: ConcurrencyBounds = HLS_PROXY_CONCURRENCY,
  ) {
    this.proxied = new ConcurrencyLimit(limits, hlsProxyRefusal);
    for (const camera of cameras) {
      const { source } = camera;
      if (source.type === "go2rtc") this.proxies.set(camera.id, new Go2rtcHls(source, fetcher));
      else if (source.type === "hls") this.plain.set(camera.id, new PlainHls(source, fetcher));
      else if (source.type === "rtsp" && rtsp.ffmpeg)
        this.rtsp.set(camera.id, new RtspHls(rtsp.ffmpeg, source, rtsp.log));
      else if (source.type === "rtsp") this.rtspWithoutFfmpeg.add(camera.id);
    }
  }

  /**
   * File `file` of camera `cameraId`'s stream `stream`, with the request's `query` (only a go2rtc
   * camera's files use it: `id`, `n`).
   * @throws HubError NOT_FOUND for an unknown or disabled camera, one without HLS, an unknown stream,
   * file or segment (a demo segment not recorded yet); from a gateway or camera NOT_FOUND (its
   * session ended) or DEVICE_UNREACHABLE (proxy.ts, sources/rtsp.ts); NOT_SUPPORTED for an RTSP
   * camera on a hub without ffmpeg; TOO_MANY_STREAMS when a proxied file finds no turn in time
   */
  async file(
    cameraId: string,
    stream: string,
    file: string,
    query: Readonly<Record<string, unknown>>,
  ): Promise<HlsAnswer> {
    const item = this.items.get(cameraId);
    if (!item.enabled || !item.hls) throw new HubError("NOT_FOUND", "this camera has no HLS");
    if (stream !== "full" && !(stream === "mobile" && item.streams.mobile))
      throw new HubError("NOT_FOUND", "this camera has no such stream");
    const proxy = this.proxies.get(cameraId);
    if (proxy) {
      if (file === HLS_INDEX) return { ...(await this.fetch(cameraId, () => proxy.index())), cacheControl: "no-cache" };
      const ref = go2rtcFileRef(file, query);
      if (!ref) throw new HubError("NOT_FOUND", "no such HLS file");
      const answer = await this.fetch(cameraId, () => proxy.file(ref));
      return { ...answer, cacheControl: ref.file === "playlist.m3u8" ? "no-cache" : "no-store" };
    }
    const plain = this.plain.get(cameraId);
    if (plain) {
      if (file === HLS_INDEX) return { ...(await this.fetch(cameraId, () => plain.index())), cacheControl: "no-cache" };
      const ref = plainFileRef(file, query);
      if (!ref) throw new HubError("NOT_FOUND", "no such HLS file");
      return {
        ...(await this.fetch(cameraId, () => plain.file(ref))),
        cacheControl: ref.file === "playlist.m3u8" ? "no-cache" : "no-store",
      };
    }
    if (this.rtspWithoutFfmpeg.has(cameraId)) throw ffmpegMissing();
    const rtsp = this.rtsp.get(cameraId);
    if (rtsp) {
      if (file === HLS_INDEX)
        return { body: await rtsp.playlist(stream), contentType: HLS_PLAYLIST_CONTENT_TYPE, cacheControl: "no-cache" };
      const segment = await rtsp.segment(stream, file);
      if (!segment) throw new HubError("NOT_FOUND", "no such HLS segment");
      return { body: segment, contentType: "video/mp2t", cacheControl: "no-store" };
    }
    if (file === HLS_INDEX)
      return { body: await this.demo.playlist(), contentType: HLS_PLAYLIST_CONTENT_TYPE, cacheControl: "no-cache" };
    const segment = await this.demo.segment(file);
    if (!segment) throw new HubError("NOT_FOUND", "no such HLS segment");
    // A clip segment's name always means the same bytes; ffmpeg's `seg<N>.ts` restart at 0 with each
    // encoder run, so they are not cached.
    return {
      body: segment,
      contentType: "video/mp2t",
      cacheControl: /^\d+\.ts$/.test(file) ? DEMO_SEGMENT_CACHE : "no-cache",
    };
  }

  /**
   * Fetches a proxied file of camera `cameraId` under the limit; its slot stays taken until the
   * answer's `done` (its bytes are in memory until sent). @throws HubError TOO_MANY_STREAMS, or what `fetch` throws
   */
  private async fetch(
    cameraId: string,
    fetch: () => Promise<ProxiedFile>,
  ): Promise<ProxiedFile & { done: () => void }> {
    const release = await this.proxied.acquire(cameraId);
    try {
      return { ...(await fetch()), done: release };
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Stops the demo source's encoder, if it runs one, and every RTSP camera's ffmpeg. */
  close(): void {
    this.demo.close?.();
    for (const rtsp of this.rtsp.values()) rtsp.close();
  }
}
