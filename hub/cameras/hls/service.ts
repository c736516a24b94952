import { HLS_PLAYLIST_CONTENT_TYPE, type Camera } from "../../../src/shared/contract/cameras";
import { HubError } from "../../core/errors";
import type { HouseholdCamera } from "../household";
import { DemoHls } from "./demo";
import type { DemoHlsSource } from "./ffmpeg";
import { Go2rtcHls, go2rtcFileRef, type FetchLike } from "./go2rtc";

/** The entry playlist's name: `GET /live/hls/{cameraId}/{stream}/index.m3u8` (contract `hlsPath`). */
export const HLS_INDEX = "index.m3u8";

/** How long a browser may keep a demo segment: its name (the media sequence number) always means the same bytes. */
export const DEMO_SEGMENT_CACHE = "private, max-age=3600, immutable";

/** One answer of the HLS routes: bytes or text, Content-Type and Cache-Control. */
export interface HlsAnswer {
  body: Buffer | string;
  contentType: string;
  cacheControl: string;
}

/**
 * The cameras' HLS (issue 12, `GET /live/hls/{cameraId}/{stream}/{file}` on the camera v1 base):
 * a demo camera's live playlist and segments from the committed clip (demo.ts) or, when Debian's
 * ffmpeg is present, from its live test source (ffmpeg.ts), a go2rtc camera's
 * HLS proxied from its gateway with every URI rewritten (go2rtc.ts). Only cameras that are enabled
 * and have `hls`; stream `full`, or `mobile` when the camera has one. Playlists `no-cache`, demo
 * segments cacheable, proxied segments `no-store` (go2rtc answers whatever it has buffered).
 */
export class HlsService {
  private readonly proxies = new Map<string, Go2rtcHls>();

  constructor(
    cameras: readonly HouseholdCamera[],
    /** The camera items as they are now (edits applied). @throws HubError NOT_FOUND for an unknown id */
    private readonly items: { get(id: string): Camera },
    /** The demo cameras' HLS: the committed clip looped (demo.ts), or ffmpeg's live test source when present (ffmpeg.ts). */
    private readonly demo: DemoHlsSource = new DemoHls(),
    fetcher?: FetchLike,
  ) {
    for (const camera of cameras) if (camera.source.type === "go2rtc") this.proxies.set(camera.id, new Go2rtcHls(camera.source, fetcher));
  }

  /**
   * File `file` of camera `cameraId`'s stream `stream`, with the request's `query` (only a go2rtc
   * camera's files use it: `id`, `n`).
   * @throws HubError NOT_FOUND for an unknown or disabled camera, one without HLS, an unknown stream,
   * file or segment (a demo segment not recorded yet); from a gateway NOT_FOUND (its session ended)
   * or DEVICE_UNREACHABLE (go2rtc.ts)
   */
  async file(cameraId: string, stream: string, file: string, query: Readonly<Record<string, unknown>>): Promise<HlsAnswer> {
    const item = this.items.get(cameraId);
    if (!item.enabled || !item.hls) throw new HubError("NOT_FOUND", "this camera has no HLS");
    if (stream !== "full" && !(stream === "mobile" && item.streams.mobile)) throw new HubError("NOT_FOUND", "this camera has no such stream");
    const proxy = this.proxies.get(cameraId);
    if (proxy) {
      if (file === HLS_INDEX) return { ...(await proxy.index()), cacheControl: "no-cache" };
      const ref = go2rtcFileRef(file, query);
      if (!ref) throw new HubError("NOT_FOUND", "no such HLS file");
      const answer = await proxy.file(ref);
      return { ...answer, cacheControl: ref.file === "playlist.m3u8" ? "no-cache" : "no-store" };
    }
    if (file === HLS_INDEX) return { body: await this.demo.playlist(), contentType: HLS_PLAYLIST_CONTENT_TYPE, cacheControl: "no-cache" };
    const segment = await this.demo.segment(file);
    if (!segment) throw new HubError("NOT_FOUND", "no such HLS segment");
    // A clip segment's name always means the same bytes; ffmpeg's `seg<N>.ts` restart at 0 with each
    // encoder run, so they are not cached.
    return { body: segment, contentType: "video/mp2t", cacheControl: /^\d+\.ts$/.test(file) ? DEMO_SEGMENT_CACHE : "no-cache" };
  }

  /** Stops the demo source's encoder, if it runs one. */
  close(): void {
    this.demo.close?.();
  }
}
