import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Options of {@link FfmpegSegmenter}: segment length, how long it runs unwatched, how long to wait for a first playlist, how long to rest after a failure. */
export interface SegmenterOptions {
  /** Segment duration, s (default 2). */
  segmentSeconds?: number;
  /** The encoder stops this long after the last request, ms (default 30,000). */
  idleMs?: number;
  /** How long a request waits for ffmpeg's first playlist, ms (default 8,000). */
  startTimeoutMs?: number;
  /** Segments the first playlist must list before it is answered (default 2). */
  minSegments?: number;
  /** How long ffmpeg is not tried again after its `n`-th failure in a row (0-based), ms (default 60,000 always). */
  restAfterFailureMs?: (n: number) => number;
}

/**
 * ffmpeg's video output options for live H.264 that every browser's HLS plays: libx264, Constrained
 * Baseline, yuv420p, the `veryfast` preset tuned for `zerolatency`. The keyframe interval (`-g`) is
 * the caller's (one per segment).
 */
export const H264_LIVE_ARGS: readonly string[] = [
  "-c:v",
  "libx264",
  "-preset",
  "veryfast",
  "-tune",
  "zerolatency",
  "-profile:v",
  "baseline",
  "-pix_fmt",
  "yuv420p",
];

const SEGMENT_NAME = /^seg(\d{1,9})\.ts$/;

/** ffmpeg processes running now; each is killed when the hub's process exits, however it exits (one `exit` listener for all). */
const running = new Set<ChildProcess>();
let exitHook = false;

/**
 * Kills `child` (SIGKILL) if the hub's process exits while it runs (a crash, `process.exit`), so no
 * ffmpeg outlives the hub reading a camera; forgets it once it exits by itself.
 */
export function killWithHub(child: ChildProcess): void {
  if (!exitHook) {
    exitHook = true;
    process.once("exit", () => {
      for (const child of running) child.kill("SIGKILL");
    });
  }
  running.add(child);
  child.once("exit", () => running.delete(child));
  child.once("error", () => running.delete(child));
}

/**
 * One ffmpeg writing a live HLS playlist (`index.m3u8`) and MPEG-TS segments `seg<N>.ts` (a sliding
 * window of 5) into a temporary folder: the demo cameras' test picture (ffmpeg.ts) and
 * an RTSP camera's stream (sources/rtsp-hls.ts). `inputArgs(segmentSeconds)` are ffmpeg's arguments
 * before the HLS muxer's (input, codec). It starts on the first request, stops
 * {@link SegmenterOptions.idleMs} after the last one and with {@link stop}. When ffmpeg cannot
 * start, exits with an error or has no playlist in time, `onFailure` gets the reason (ffmpeg's last
 * error output passed through `redact` first) and ffmpeg rests for
 * {@link SegmenterOptions.restAfterFailureMs}; meanwhile {@link playlist} and {@link segment}
 * answer null. Segment names other than `seg<N>.ts` are never files of its folder.
 */
export class FfmpegSegmenter {
  private child: ChildProcess | null = null;
  private dir: string | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private brokenUntil = 0;
  private failures = 0;
  private readonly segmentSeconds: number;
  private readonly idleMs: number;
  private readonly startTimeoutMs: number;
  private readonly minSegments: number;
  private readonly restAfterFailureMs: (n: number) => number;

  constructor(
    private readonly ffmpegPath: string,
    private readonly inputArgs: (segmentSeconds: number) => string[],
    options: SegmenterOptions,
    private readonly onFailure: (reason: string) => void,
    private readonly redact: (text: string) => string = (text) => text,
  ) {
    this.segmentSeconds = options.segmentSeconds ?? 2;
    this.idleMs = options.idleMs ?? 30_000;
    this.startTimeoutMs = options.startTimeoutMs ?? 8_000;
    this.minSegments = options.minSegments ?? 2;
    this.restAfterFailureMs = options.restAfterFailureMs ?? (() => 60_000);
  }

  /** True while ffmpeg runs. */
  get running(): boolean {
    return this.child !== null;
  }

  /** True when `name` is a segment name of this segmenter (`seg<N>.ts`). */
  static isSegment(name: string): boolean {
    return SEGMENT_NAME.test(name);
  }

  /** The live playlist once it lists enough segments; null when ffmpeg is resting or failed now (onFailure was told). */
  async playlist(): Promise<string | null> {
    const dir = await this.use();
    if (dir === null) return null;
    const deadline = Date.now() + this.startTimeoutMs;
    for (;;) {
      const text = await readFile(join(dir, "index.m3u8"), "utf8").catch(() => "");
      if ((text.match(/^seg\d+\.ts$/gm) ?? []).length >= this.minSegments) {
        this.failures = 0;
        return text;
      }
      if (this.child === null) return null; // stopped meanwhile (failed: already said)
      if (Date.now() > deadline) {
        this.fail("ffmpeg produced no HLS playlist in time");
        return null;
      }
      this.touch(); // a request still waiting keeps ffmpeg up
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Segment `name`'s bytes, or null (not a segment name, not there, or ffmpeg resting). */
  async segment(name: string): Promise<Buffer | null> {
    if (!SEGMENT_NAME.test(name)) return null;
    const dir = await this.use();
    if (dir === null) return null;
    return readFile(join(dir, name)).catch(() => null);
  }

  /** Stops ffmpeg and removes its folder. */
  stop(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const child = this.child;
    const dir = this.dir;
    this.child = null;
    this.dir = null;
    const alive = child !== null && child.exitCode === null && child.signalCode === null;
    if (alive) child.kill("SIGTERM");
    if (!dir) return;
    // ffmpeg writes its last segment and playlist as it exits: removing the folder before that races
    // it (ENOTEMPTY). Remove it once ffmpeg is gone; a failure is logged, never an unhandled rejection.
    const remove = () =>
      rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch((error: unknown) =>
        console.warn(
          `hub: could not remove the HLS folder ${dir}: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    if (alive) {
      const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
      kill.unref();
      child.once("exit", () => {
        clearTimeout(kill);
        void remove();
      });
    } else void remove();
  }

  /** Starts ffmpeg if needed and pushes its idle stop back; null while it rests after a failure. */
  private async use(): Promise<string | null> {
    if (Date.now() < this.brokenUntil) return null;
    this.touch();
    if (this.child && this.dir) return this.dir;
    const dir = await mkdtemp(join(tmpdir(), "hub-hls-"));
    const seconds = this.segmentSeconds;
    const child = spawn(
      this.ffmpegPath,
      [
        ...this.inputArgs(seconds),
        ...[
          "-f",
          "hls",
          "-hls_time",
          String(seconds),
          "-hls_list_size",
          "5",
          "-hls_flags",
          "delete_segments+omit_endlist",
        ],
        ...["-hls_segment_filename", join(dir, "seg%d.ts"), join(dir, "index.m3u8")],
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    killWithHub(child);
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-500);
    });
    child.on("error", (error) => {
      if (this.child === child) this.fail(`ffmpeg could not start: ${error.message}`);
    });
    child.on("exit", (code, signal) => {
      if (this.child !== child) return;
      if (code === 0)
        this.stop(); // its run is over: the next request starts a new one
      else this.fail(`ffmpeg exited (${code ?? signal}): ${this.redact(stderr.trim())}`);
    });
    this.child = child;
    this.dir = dir;
    return dir;
  }

  /** Pushes the idle stop back to {@link SegmenterOptions.idleMs} from now. */
  private touch(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stop(), this.idleMs);
    this.idleTimer.unref();
  }

  private fail(reason: string): void {
    this.brokenUntil = Date.now() + this.restAfterFailureMs(this.failures);
    this.failures += 1;
    this.onFailure(reason);
    this.stop();
  }
}
