import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";

/** A source of the demo cameras' live HLS: the playlist's text and a segment's bytes by name (null: no such segment). */
export interface DemoHlsSource {
  playlist(): Promise<string>;
  segment(name: string): Promise<Buffer | null>;
  /** Stops whatever it runs (the hub is closing). */
  close?(): void;
}

/** Options of {@link FfmpegHls}: segment length, how long it runs unwatched, how long to wait for a first playlist. */
export interface FfmpegHlsOptions {
  /** Segment duration, s (default 2, like the committed clip). */
  segmentSeconds?: number;
  /** The encoder stops this long after the last request, ms (default 30,000). */
  idleMs?: number;
  /** How long a request waits for ffmpeg's first playlist before the fallback answers, ms (default 8,000). */
  startTimeoutMs?: number;
}

const SEGMENT_NAME = /^seg(\d{1,9})\.ts$/;
const MIN_SEGMENTS = 2;
/** The longest one encoder runs, s (a viewer then sees the stream start again once an hour). */
const MAX_RUN_S = 3_600;

/**
 * The path of Debian's ffmpeg if the hub may use it (issue 12: "uses Debian's ffmpeg when present"):
 * `HUB_FFMPEG=off` (or `0`) never, `HUB_FFMPEG=<path>` that file, unset: `ffmpeg` on PATH, else null.
 */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): string | null {
  const setting = env.HUB_FFMPEG;
  if (setting === "off" || setting === "0") return null;
  const candidates = setting ? [setting] : (env.PATH ?? "").split(delimiter).filter(Boolean).map((dir) => join(dir, "ffmpeg"));
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
 * The demo cameras' HLS from Debian's ffmpeg when it is present (issue 12): ffmpeg's live test source
 * (`testsrc2`, a running clock and moving shapes), H.264 Constrained Baseline 640x360 at 15 fps in
 * MPEG-TS segments of {@link FfmpegHlsOptions.segmentSeconds}, a sliding window of 5 written by
 * ffmpeg into a temporary folder. The encoder starts on the first request, is shared by every demo
 * camera and viewer, and stops {@link FfmpegHlsOptions.idleMs} after the last request (an unwatched
 * camera costs nothing). When ffmpeg fails to start, exits, or has no playlist within the start
 * timeout, `fallback` (the committed clip looped, demo.ts) answers instead, and ffmpeg is not tried
 * again for a minute. Segment names are `seg<N>.ts`; anything else is null.
 */
export class FfmpegHls implements DemoHlsSource {
  private child: ChildProcess | null = null;
  private dir: string | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private brokenUntil = 0;
  private readonly segmentSeconds: number;
  private readonly idleMs: number;
  private readonly startTimeoutMs: number;

  constructor(
    private readonly ffmpegPath: string,
    private readonly fallback: DemoHlsSource,
    options: FfmpegHlsOptions = {},
    private readonly log: { warn(message: string): void } = console,
  ) {
    this.segmentSeconds = options.segmentSeconds ?? 2;
    this.idleMs = options.idleMs ?? 30_000;
    this.startTimeoutMs = options.startTimeoutMs ?? 8_000;
  }

  /** True while the encoder runs. */
  get running(): boolean {
    return this.child !== null;
  }

  async playlist(): Promise<string> {
    const dir = await this.use();
    if (dir === null) return this.fallback.playlist();
    const deadline = Date.now() + this.startTimeoutMs;
    for (;;) {
      const text = await readFile(join(dir, "index.m3u8"), "utf8").catch(() => "");
      if ((text.match(/^seg\d+\.ts$/gm) ?? []).length >= MIN_SEGMENTS) return text;
      // Stopped meanwhile (ffmpeg failed: already said) or too slow: the clip answers.
      if (this.child === null) return this.fallback.playlist();
      if (Date.now() > deadline) {
        this.fail("ffmpeg produced no HLS playlist in time");
        return this.fallback.playlist();
      }
      this.touch(); // a request still waiting keeps the encoder up
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async segment(name: string): Promise<Buffer | null> {
    if (!SEGMENT_NAME.test(name)) return this.fallback.segment(name);
    const dir = await this.use();
    if (dir === null) return null;
    return readFile(join(dir, name)).catch(() => null);
  }

  close(): void {
    this.stop();
  }

  /** Starts the encoder if needed and pushes its idle stop back; null when ffmpeg is not usable now. */
  private async use(): Promise<string | null> {
    if (Date.now() < this.brokenUntil) return null;
    this.touch();
    if (this.child && this.dir) return this.dir;
    const dir = await mkdtemp(join(tmpdir(), "hub-hls-"));
    const child = spawn(
      this.ffmpegPath,
      [
        // -t: an encoder whose hub died without stopping it ends by itself within the hour.
        ...["-hide_banner", "-loglevel", "error", "-nostdin", "-re", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=15", "-t", String(MAX_RUN_S)],
        ...["-an", "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-profile:v", "baseline", "-pix_fmt", "yuv420p"],
        ...["-g", String(15 * this.segmentSeconds), "-keyint_min", String(15 * this.segmentSeconds), "-sc_threshold", "0"],
        ...["-f", "hls", "-hls_time", String(this.segmentSeconds), "-hls_list_size", "5", "-hls_flags", "delete_segments+omit_endlist"],
        ...["-hls_segment_filename", join(dir, "seg%d.ts"), join(dir, "index.m3u8")],
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-500);
    });
    child.on("error", (error) => {
      if (this.child === child) this.fail(`ffmpeg could not start: ${error.message}`);
    });
    child.on("exit", (code, signal) => {
      if (this.child !== child) return;
      if (code === 0) this.stop(); // its hour is up: the next request starts a new one
      else this.fail(`ffmpeg exited (${code ?? signal}): ${stderr.trim()}`);
    });
    this.child = child;
    this.dir = dir;
    return dir;
  }

  /** Pushes the idle stop back to {@link FfmpegHlsOptions.idleMs} from now. */
  private touch(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stop(), this.idleMs);
    this.idleTimer.unref();
  }

  private fail(reason: string): void {
    this.log.warn(`demo HLS: ${reason}; the committed clip answers instead for a minute`);
    this.brokenUntil = Date.now() + 60_000;
    this.stop();
  }

  private stop(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const child = this.child;
    const dir = this.dir;
    this.child = null;
    this.dir = null;
    if (child && child.exitCode === null) child.kill("SIGTERM");
    if (dir) void rm(dir, { recursive: true, force: true });
  }
}
