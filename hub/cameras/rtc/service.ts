import { readFileSync } from "node:fs";
import { CAMERA_STREAMS, type CameraStream } from "../../../contract/cameras";
import { HubError } from "../../core/errors";
import { Go2rtcClient } from "../go2rtc/client";
import type { CameraSource } from "../household";
import { StreamLimiter } from "../mjpeg";
import type { CameraService } from "../service";
import { ClipPlayer } from "./clip";
import { readIvf, type VideoClip } from "./ivf";
import { checkOffer } from "./offer";
// werift (the hub-side peer) is loaded with the first demo offer: its import is CPU-heavy
// (docs/performance.md), which a hub that never serves a demo camera's WebRTC should not pay at start.
import type { DemoPeer, PeerTimeouts } from "./peer";

/** WebRTC peer connections the hub holds at once: per camera and in all (as many as MJPEG streams). */
export const RTC_LIMITS = { perCamera: 6, total: 24 } as const;

/** The demo cameras' clips per stream (hub/cameras/media/README.md says how they were made). */
const DEMO_CLIPS: Readonly<Record<CameraStream, URL>> = {
  full: new URL("../media/demo-full.ivf", import.meta.url),
  mobile: new URL("../media/demo-mobile.ivf", import.meta.url),
};

/** Options of {@link RtcService}; the defaults are the product's. */
export interface RtcOptions {
  limiter?: StreamLimiter;
  timeouts?: PeerTimeouts;
  /** The clip file of each stream (tests give others). */
  clips?: Readonly<Record<CameraStream, URL | string>>;
  /** Extra host addresses for ICE besides the machine's interfaces (default loopback, for a browser on the hub's machine). */
  iceAdditionalHostAddresses?: string[];
}

/**
 * WebRTC of the cameras (spec §7 `POST ../v5/live/rtc/{cameraId}/{stream}`): answers a browser's
 * SDP offer. A `demo` camera is answered by the hub itself (werift, {@link DemoPeer}) with the
 * stream's pre-encoded VP8 clip, looped by ONE {@link ClipPlayer} per camera stream shared by all its
 * viewers and stopped when none is left; at most {@link RTC_LIMITS} such connections (beyond:
 * 429 TOO_MANY_STREAMS). A `go2rtc` camera's offer goes to go2rtc (`POST /api/webrtc?src=`) and
 * its answer comes back: the browser then receives from go2rtc directly, go2rtc bounds those.
 * A plain camera (`mjpeg`, `hls`, `rtsp`) has no WebRTC: 404 NOT_FOUND, which the dashboard reads
 * as "no rtc for this camera" and moves on to the camera's next mode (hls, mjpeg), remembered.
 */
export class RtcService {
  private readonly limiter: StreamLimiter;
  private readonly peers = new Set<DemoPeer>();
  private readonly players = new Map<string, ClipPlayer>();
  private readonly clips = new Map<CameraStream, VideoClip>();
  private readonly gateways = new Map<string, Go2rtcClient>();
  private closed = false;

  constructor(
    private readonly cameras: CameraService,
    private readonly sources: ReadonlyMap<string, CameraSource>,
    private readonly options: RtcOptions = {},
  ) {
    this.limiter = options.limiter ?? new StreamLimiter(RTC_LIMITS.perCamera, RTC_LIMITS.total);
  }

  /** Peer connections the hub holds now (demo cameras; go2rtc holds its own). */
  get open(): number {
    return this.peers.size;
  }

  /** Clip players running now (each has at least one connected viewer). */
  get playing(): number {
    return [...this.players.values()].filter((player) => player.playing).length;
  }

  /**
   * Answers the SDP offer `offer` for camera `cameraId`, stream `stream`, with the SDP answer.
   * The offer is checked first ({@link checkOffer}: at most one video and one audio m-line,
   * bundled; candidates kept only at `from`, the address the offer came from) for both kinds of
   * camera, before werift or go2rtc sees it. `hold` registers the peer connection the hub keeps
   * (demo cameras; a go2rtc camera's is go2rtc's) with its `close`, and returns what unregisters
   * it once the peer is closed.
   * @throws HubError NOT_FOUND (unknown or disabled camera, unknown stream, `mobile` of a camera
   *   without one), BAD_REQUEST (`sdp: ...`, the offer breaks a rule or cannot be answered),
   *   TOO_MANY_STREAMS, DEVICE_UNREACHABLE (the camera's go2rtc failed)
   */
  async answer(
    cameraId: string,
    stream: string,
    offer: string,
    { from, hold }: { from?: string | undefined; hold?: ((close: () => void) => () => void) | undefined } = {},
  ): Promise<string> {
    const source = this.check(cameraId, stream);
    const checked = checkOffer(offer, from).sdp;
    if (source.type === "go2rtc") return this.gateway(cameraId, source).webrtc(checked);
    const { DemoPeer, PEER_TIMEOUTS } = await import("./peer");
    this.check(cameraId, stream); // again: the hub may have begun to stop, or the camera changed, while werift loaded
    const player = this.player(cameraId, stream as CameraStream);
    const release = this.limiter.acquire(cameraId);
    if (!release) throw new HubError("TOO_MANY_STREAMS", "too many live streams of this camera are open");
    const peer: DemoPeer = new DemoPeer(
      player,
      () => {
        this.peers.delete(peer);
        release();
        unhold?.();
      },
      this.options.timeouts ?? PEER_TIMEOUTS,
      this.options.iceAdditionalHostAddresses,
    );
    this.peers.add(peer);
    // Registered after the peer exists; its onClosed (above) runs only later, once it closes.
    const unhold = hold?.(() => peer.close());
    return peer.answer(checked);
  }

  /**
   * Camera `cameraId`'s source when it serves WebRTC on `stream`.
   * @throws HubError NOT_FOUND for an unknown or disabled camera, an unknown stream, `mobile` of a
   *   camera without one, or a camera without WebRTC (a plain `mjpeg`, `hls` or `rtsp` source)
   */
  check(cameraId: string, stream: string): Extract<CameraSource, { type: "demo" | "go2rtc" }> {
    if (this.closed) throw new HubError("NOT_FOUND", "the hub is stopping");
    const item = this.cameras.get(cameraId);
    const source = this.sources.get(cameraId);
    if (!item.enabled || !source) throw new HubError("NOT_FOUND", "camera is disabled");
    if (!(CAMERA_STREAMS as readonly string[]).includes(stream)) throw new HubError("NOT_FOUND", "no such stream");
    if (stream === "mobile" && !item.streams.mobile) throw new HubError("NOT_FOUND", "the camera has no mobile stream");
    if (source.type !== "demo" && source.type !== "go2rtc")
      throw new HubError("NOT_FOUND", `this camera has no WebRTC (its source is ${source.type}): use HLS or MJPEG`);
    return source;
  }

  /** Closes every peer connection and stops every clip (hub shutdown); later offers are refused. */
  close(): void {
    this.closed = true;
    for (const peer of [...this.peers]) peer.close();
    for (const player of this.players.values()) player.close();
  }

  private player(cameraId: string, stream: CameraStream): ClipPlayer {
    const key = `${cameraId}/${stream}`;
    let player = this.players.get(key);
    if (!player) {
      player = new ClipPlayer(this.clip(stream));
      this.players.set(key, player);
    }
    return player;
  }

  private clip(stream: CameraStream): VideoClip {
    let clip = this.clips.get(stream);
    if (!clip) {
      const file = (this.options.clips ?? DEMO_CLIPS)[stream];
      try {
        clip = readIvf(readFileSync(file));
      } catch {
        throw new HubError("NOT_FOUND", "the demo camera's WebRTC clip is missing or damaged");
      }
      this.clips.set(stream, clip);
    }
    return clip;
  }

  private gateway(cameraId: string, source: Extract<CameraSource, { type: "go2rtc" }>): Go2rtcClient {
    let client = this.gateways.get(cameraId);
    if (!client) {
      client = new Go2rtcClient(source);
      this.gateways.set(cameraId, client);
    }
    return client;
  }
}
