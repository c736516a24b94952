import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { basename } from "node:path";
import { killWithHub } from "../hls/segmenter";
import { MJPEG_PICTURE_ARGS, redactRtsp, rtspInputArgs } from "../sources/rtsp";

/** How long ffmpeg may take to finish its file after `q`, and a remux or snapshot may run, ms. */
export const FFMPEG_CLIP_TIMING = { stopMs: 5_000, finishMs: 30_000 } as const;

/** What a clip's ffmpeg ended with: exit code (null when killed), its last error output with logins redacted. */
export interface ClipExit {
  code: number | null;
  error: string;
}

/** One ffmpeg recording a camera's stream into a file; `stop` ends it cleanly, `kill` at once. */
export interface ClipProcess {
  /** Resolves when ffmpeg has exited (never rejects). */
  readonly done: Promise<ClipExit>;
  /** Asks ffmpeg to finish (`q` on its stdin, so it writes the file's end); killed after {@link FFMPEG_CLIP_TIMING}.stopMs. */
  stop(): void;
  /** SIGKILL now (the hub is closing): the fragmented file keeps what was written. */
  kill(): void;
}

/**
 * Starts ffmpeg copying camera stream `url` (RTSP over TCP, video only: `-an`, since cameras'
 * G.711 audio does not fit MP4) without re-encoding (`-c copy`) into fragmented MP4 at `path`
 * (`empty_moov`, a fragment at each key frame and at least every second, flushed at once: a file cut
 * short by a crash or a dead camera is readable up to its last second), at most `maxSeconds` (`-t`). It runs until {@link ClipProcess.stop},
 * the camera stops sending (5 s socket timeout), or the cap. Killed if the hub's process exits.
 */
export function startClipFfmpeg(ffmpeg: string, url: string, path: string, maxSeconds: number): ClipProcess {
  const args = [
    ...rtspInputArgs(url).filter((arg) => arg !== "-nostdin"),
    "-c",
    "copy",
    "-t",
    String(maxSeconds),
    "-f",
    "mp4",
    "-movflags",
    "+frag_keyframe+empty_moov+default_base_moof",
    "-frag_duration",
    "1000000",
    "-flush_packets",
    "1",
    "-y",
    path,
  ];
  const child = spawn(ffmpeg, args, { stdio: ["pipe", "ignore", "pipe"] });
  killWithHub(child);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-500);
  });
  child.stdin.on("error", () => {
    // ffmpeg gone before `q`: its exit says why
  });
  const done = new Promise<ClipExit>((resolve) => {
    child.once("error", (error) => resolve({ code: -1, error: `ffmpeg could not start: ${error.message}` }));
    child.once("exit", (code) => resolve({ code, error: redactRtsp(stderr.trim(), url) }));
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  const kill = () => {
    if (running()) child.kill("SIGKILL");
  };
  return {
    done,
    stop: () => {
      if (!running()) return;
      child.stdin.end("q");
      setTimeout(kill, FFMPEG_CLIP_TIMING.stopMs).unref();
    },
    kill,
  };
}

/**
 * Runs ffmpeg with `args` (after `-hide_banner -loglevel error -nostdin`) to its end, killed after
 * {@link FFMPEG_CLIP_TIMING}.finishMs. Resolves true when it exited with 0; never rejects.
 */
export function runFfmpeg(ffmpeg: string, args: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(ffmpeg, ["-hide_banner", "-loglevel", "error", "-nostdin", ...args], { stdio: "ignore" });
    killWithHub(child);
    const timer = setTimeout(() => child.kill("SIGKILL"), FFMPEG_CLIP_TIMING.finishMs);
    timer.unref();
    child.once("error", () => (clearTimeout(timer), resolve(false)));
    child.once("exit", (code) => (clearTimeout(timer), resolve(code === 0)));
  });
}

/**
 * Rewrites the fragmented MP4 at `from` into a plain MP4 at `to` with its index first
 * (`-c copy -movflags +faststart`: a browser can seek it with Range requests at once). With `preroll`
 * (an MPEG-TS file of the stream before `from` and a path for the concat list, both in `from`'s
 * folder), the MP4 is the pre-roll followed by `from`: ffmpeg's concat demuxer, which lays each file
 * after the previous one's end (`seconds`: the pre-roll's length, clips-preroll.ts tsVideoSeconds) and turns the MP4 part's H.264 into Annex B like the TS part's
 * (`auto_convert`), still `-c copy`. True when it worked.
 */
export function finishClip(
  ffmpeg: string,
  from: string,
  to: string,
  preroll?: { ts: string; list: string; seconds?: number | null },
): Promise<boolean> {
  const tail = ["-map", "0", "-c", "copy", "-movflags", "+faststart", "-f", "mp4", "-y", to];
  if (!preroll) return runFfmpeg(ffmpeg, ["-i", from, ...tail]);
  const duration = preroll.seconds ? `duration ${preroll.seconds.toFixed(6)}\n` : "";
  writeFileSync(
    preroll.list,
    `ffconcat version 1.0\nfile ${basename(preroll.ts)}\n${duration}file ${basename(from)}\n`,
  );
  return runFfmpeg(ffmpeg, ["-f", "concat", "-i", preroll.list, ...tail]);
}

/** Writes the first picture of clip `mp4` as a JPEG at `jpeg` (at most 1280 pixels wide). True when it worked. */
export function clipSnapshot(ffmpeg: string, mp4: string, jpeg: string): Promise<boolean> {
  return runFfmpeg(ffmpeg, ["-i", mp4, "-frames:v", "1", ...MJPEG_PICTURE_ARGS, "-f", "image2", "-y", jpeg]);
}
