import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { FfmpegSegmenter, H264_LIVE_ARGS, type SegmenterOptions } from "./segmenter";

/** A source of the demo cameras' live HLS: the playlist's text and a segment's bytes by name (null: no such segment). */
export interface DemoHlsSource {
  playlist(): Promise<string>;
  segment(name: string): Promise<Buffer | null>;
  /** Stops whatever it runs (the hub is closing). */
  close?(): void;
}

/** Options of {@link FfmpegHls}: segment length, how long it runs unwatched, how long to wait for a first playlist. */
export type FfmpegHlsOptions = Pick<SegmenterOptions, "segmentSeconds" | "idleMs" | "startTimeoutMs">;

/** The longest one encoder runs, s (a viewer then sees the stream start again once an hour). */
const MAX_RUN_S = 3_600;

/**
 * The path of Debian's ffmpeg if the hub may use it ("uses Debian's ffmpeg when present"):
 * `HUB_FFMPEG=off` (or `0`) never, `HUB_FFMPEG=<path>` that file, unset: `ffmpeg` on PATH, else null.
 */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): string | null {
  const setting = env.HUB_FFMPEG;
  if (setting === "off" || setting === "0") return null;
  const candidates = setting
    ? [setting]
    : (env.PATH ?? "")
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, "ffmpeg"));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not there: the next one
    }
  }
  return null;
}

/**
 * The demo cameras' HLS from Debian's ffmpeg when it is present: ffmpeg's live test source
 * (`testsrc2`, a running clock and moving shapes), H.264 Constrained Baseline 640x360 at 15 fps in
 * MPEG-TS segments of {@link FfmpegHlsOptions.segmentSeconds}, written by ONE {@link FfmpegSegmenter}
 * shared by every demo camera and viewer, started on the first request and stopped
 * {@link FfmpegHlsOptions.idleMs} after the last (an unwatched camera costs nothing). When ffmpeg
 * fails to start, exits, or has no playlist within the start timeout, `fallback` (the committed clip
 * looped, demo.ts) answers instead, and ffmpeg is not tried again for a minute. Segment names are
 * `seg<N>.ts`; any other name goes to the fallback.
 */
export class FfmpegHls implements DemoHlsSource {
  private readonly segmenter: FfmpegSegmenter;

  constructor(
    ffmpegPath: string,
    private readonly fallback: DemoHlsSource,
    options: FfmpegHlsOptions = {},
    log: { warn(message: string): void } = console,
  ) {
    const input = (seconds: number) => [
      // -t: an encoder whose hub died without stopping it ends by itself within the hour.
      ...[
        "-hide_banner",
        "-loglevel",
        "error",
        "-nostdin",
        "-re",
        "-f",
        "lavfi",
        "-i",
        "testsrc2=size=640x360:rate=15",
        "-t",
        String(MAX_RUN_S),
      ],
      "-an",
      ...H264_LIVE_ARGS,
      ...["-g", String(15 * seconds), "-keyint_min", String(15 * seconds), "-sc_threshold", "0"],
    ];
    this.segmenter = new FfmpegSegmenter(ffmpegPath, input, options, (reason) =>
      log.warn(`demo HLS: ${reason}; the committed clip answers instead for a minute`),
    );
  }

  /** True while the encoder runs. */
  get running(): boolean {
    return this.segmenter.running;
  }

  async playlist(): Promise<string> {
    return (await this.segmenter.playlist()) ?? this.fallback.playlist();
  }

  async segment(name: string): Promise<Buffer | null> {
    if (!FfmpegSegmenter.isSegment(name)) return this.fallback.segment(name);
    return this.segmenter.segment(name);
  }

  close(): void {
    this.segmenter.stop();
  }
}
