import { spawn } from "node:child_process";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { HubError } from "../../core/errors";
import { FfmpegSegmenter, H264_LIVE_ARGS, killWithHub } from "../hls/segmenter";
import type { MjpegUpstream, UpstreamFramesTiming } from "../upstream/frames";
import { UPSTREAM_FRAMES_TIMING } from "../upstream/frames";

/** ffmpeg output arguments of the hub's JPEG pictures: at most 1280 pixels wide (aspect kept), MJPEG at quality 5. */
export const MJPEG_PICTURE_ARGS: readonly string[] = ["-vf", "scale='min(1280,iw)':-2", "-c:v", "mjpeg", "-q:v", "5"];

/** An RTSP camera (household source `rtsp`): its main stream URL, an optional lighter `mobileUrl`, and whether its HLS is transcoded. */
export interface RtspCameraSource {
  url: string;
  mobileUrl?: string | undefined;
  /** Transcode to H.264 Constrained Baseline for HLS (a camera sending H.265 or High profile); default false: `-c:v copy`. */
  transcode?: boolean | undefined;
}

/** The log an RTSP camera's ffmpeg reports to (never with a login: {@link redactRtsp}). */
export interface RtspLog {
  warn(message: string): void;
}

/** An ffmpeg whose last viewer went keeps running this long, ms (a viewer coming back finds it warm). */
export const RTSP_IDLE_MS = 30_000;

/** Timing of an RTSP camera's MJPEG: ffmpeg lingers {@link RTSP_IDLE_MS}, restarts with backoff 1 s .. 30 s; a first frame within 6 s (the dashboard waits 7 s for headers). */
export const RTSP_FRAMES_TIMING: UpstreamFramesTiming = {
  ...UPSTREAM_FRAMES_TIMING,
  lingerMs: RTSP_IDLE_MS,
  firstFrameMs: 6_000,
};

/** ffmpeg's input arguments for an RTSP URL: over TCP (interleaved), socket timeout 5 s, probing at most 1 s (a first picture sooner), no audio. */
export function rtspInputArgs(url: string): string[] {
  return [
    "-hide_banner",
    "-loglevel",
    "error",
    "-nostdin",
    "-rtsp_transport",
    "tcp",
    "-timeout",
    "5000000",
    "-analyzeduration",
    "1000000",
    "-i",
    url,
    "-an",
  ];
}

/** `text` with every `scheme://user:password@` login and the camera's URLs replaced, so nothing logged or answered carries credentials. */
export function redactRtsp(text: string, ...urls: (string | undefined)[]): string {
  let out = text;
  for (const url of urls) if (url) out = out.split(url).join("<camera>");
  return out.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, "$1***@");
}

/** The refusal of an RTSP camera on a hub without ffmpeg (409 NOT_SUPPORTED, saying what to install). */
export function ffmpegMissing(): HubError {
  return new HubError(
    "NOT_SUPPORTED",
    "this camera's RTSP stream needs ffmpeg on the hub: install it (apt install ffmpeg) or set HUB_FFMPEG to its path",
  );
}

/** The refusal of an RTSP camera whose ffmpeg failed (409 DEVICE_UNREACHABLE `camera (rtsp): …`). */
function unreachable(what: string): HubError {
  return new HubError("DEVICE_UNREACHABLE", `camera (rtsp): ${what}`);
}

/**
 * An RTSP camera's MJPEG: ffmpeg pulls `url` over TCP and encodes JPEGs at most 1280
 * pixels wide (`-c:v mjpeg -f mpjpeg`, boundary `ffmpeg`) to its stdout, read by the camera's ONE
 * {@link import("../upstream/frames").UpstreamFrames} like any MJPEG upstream: started on the first
 * viewer, stopped {@link RTSP_IDLE_MS} after the last, restarted with backoff when it dies, killed
 * when the hub closes (the abort of {@link mjpeg}). ffmpeg's errors are logged without the URL.
 */
export class RtspMjpeg implements MjpegUpstream {
  constructor(
    private readonly ffmpegPath: string,
    private readonly source: RtspCameraSource,
    private readonly log: RtspLog,
  ) {}

  unreachable(what: string): HubError {
    return unreachable(what);
  }

  /** Starts ffmpeg; its stdout is the response body (`multipart/x-mixed-replace; boundary=ffmpeg`); `abort` kills it. */
  async mjpeg(abort: AbortController): Promise<Response> {
    const child = spawn(
      this.ffmpegPath,
      [...rtspInputArgs(this.source.url), ...MJPEG_PICTURE_ARGS, "-flush_packets", "1", "-f", "mpjpeg", "pipe:1"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    killWithHub(child);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-500);
    });
    child.on("error", (error) => this.log.warn(`camera (rtsp) MJPEG: ffmpeg could not start: ${error.message}`));
    child.on("exit", (code, signal) => {
      if (!abort.signal.aborted && code !== 0)
        this.log.warn(
          `camera (rtsp) MJPEG: ffmpeg exited (${code ?? signal}): ${redactRtsp(stderr.trim(), this.source.url)}`,
        );
    });
    const kill = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    };
    if (abort.signal.aborted) kill();
    abort.signal.addEventListener("abort", kill, { once: true });
    const body = Readable.toWeb(child.stdout) as WebReadableStream<Uint8Array>;
    return new Response(body as unknown as ReadableStream<Uint8Array>, {
      headers: { "content-type": "multipart/x-mixed-replace; boundary=ffmpeg" },
    });
  }
}

/**
 * An RTSP camera's HLS: one {@link FfmpegSegmenter} per stream (`full`: `url`,
 * `mobile`: `mobileUrl`) pulling RTSP over TCP and remuxing it (`-c:v copy`) or, with `transcode`,
 * encoding H.264 Constrained Baseline, into the hub's own HLS folder; started by the first request,
 * stopped {@link RTSP_IDLE_MS} after the last, resting 2 s, 4 s, … up to a minute after each
 * failure in a row. A failure is 409 DEVICE_UNREACHABLE `camera (rtsp): …` (the URL redacted in the log).
 */
export class RtspHls {
  private readonly streams = new Map<"full" | "mobile", FfmpegSegmenter>();

  constructor(ffmpegPath: string, source: RtspCameraSource, log: RtspLog, options: { startTimeoutMs?: number } = {}) {
    const codec = (seconds: number) =>
      source.transcode ? [...H264_LIVE_ARGS, "-g", String(15 * seconds), "-sc_threshold", "0"] : ["-c:v", "copy"];
    const add = (stream: "full" | "mobile", url: string | undefined) => {
      if (!url) return;
      const segmenter = new FfmpegSegmenter(
        ffmpegPath,
        (seconds) => [...rtspInputArgs(url), ...codec(seconds)],
        {
          idleMs: RTSP_IDLE_MS,
          startTimeoutMs: options.startTimeoutMs ?? 10_000,
          minSegments: 1,
          restAfterFailureMs: (n) => Math.min(60_000, 2_000 * 2 ** n),
        },
        (reason) => log.warn(`camera (rtsp) HLS: ${reason}`),
        (text) => redactRtsp(text, source.url, source.mobileUrl),
      );
      this.streams.set(stream, segmenter);
    };
    add("full", source.url);
    add("mobile", source.mobileUrl);
  }

  /** The live playlist of `stream`. @throws HubError NOT_FOUND (no such stream), DEVICE_UNREACHABLE (ffmpeg cannot read the camera now) */
  async playlist(stream: string): Promise<string> {
    const text = await this.segmenter(stream).playlist();
    if (text === null) throw unreachable("no HLS from the camera (ffmpeg cannot read its RTSP stream now)");
    return text;
  }

  /** Segment `name` of `stream`, or null when there is no such segment. @throws HubError NOT_FOUND for an unknown stream */
  async segment(stream: string, name: string): Promise<Buffer | null> {
    return this.segmenter(stream).segment(name);
  }

  /** Stops every ffmpeg. */
  close(): void {
    for (const segmenter of this.streams.values()) segmenter.stop();
  }

  private segmenter(stream: string): FfmpegSegmenter {
    const segmenter = stream === "full" || stream === "mobile" ? this.streams.get(stream) : undefined;
    if (!segmenter) throw new HubError("NOT_FOUND", "this camera has no such stream");
    return segmenter;
  }
}
