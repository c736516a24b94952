import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HubLogger } from "../../broker/link";
import { killWithHub } from "../hls/segmenter";
import { redactRtsp, rtspInputArgs } from "../sources/rtsp";

/** One camera whose stream is buffered: its id (`[A-Za-z0-9_-]`), the RTSP URL (never logged) and the seconds kept. */
export interface PrerollCamera {
  id: string;
  url: string;
  preSeconds: number;
}

/** The buffer's timings: segment length asked of ffmpeg (s), restart backoff (ms), how long a run must last to reset it. */
export const PREROLL_TIMING = { segmentSeconds: 1, backoffMs: 1_000, maxBackoffMs: 30_000, healthyMs: 30_000 } as const;

const TS_PACKET = 188;
const LIST = "list.csv";

/** The segments kept on disk for `preSeconds` (ffmpeg's `-segment_wrap`): the seconds wanted, the one being written, one spare. */
export function prerollSegments(preSeconds: number): number {
  return preSeconds + 2;
}

type Buffered = {
  camera: PrerollCamera;
  dir: string;
  child: ChildProcess | null;
  startedAt: number;
  backoffMs: number;
  timer: NodeJS.Timeout | null;
  /** Stopped because the camera is disabled: no ffmpeg, no segments, no restart until it is enabled. */
  paused: boolean;
};

/**
 * Rolling buffers of camera streams for clips' pre-roll: per camera one ffmpeg copies the RTSP
 * stream (`-c copy`, video only, RTSP over TCP) into MPEG-TS segments of about a second (cut at key
 * frames, so a segment is one GOP when the camera's GOP is longer) under `<dir>/<cameraId>/`,
 * `seg<N>.ts` with N wrapping at {@link prerollSegments} (at most `preSeconds + 2` segment files on
 * disk) and `list.csv` (ffmpeg's segment list: the finished segments, `name,start,end` in seconds).
 * An ffmpeg that exits is restarted after a backoff (1 s doubling to 30 s; back to 1 s after a run of
 * 30 s); {@link close} kills them all (they are also killed if the hub's process exits). A camera
 * the household disabled has no ffmpeg and no segments: {@link setEnabled} stops and starts its
 * buffer (`enabled` says which cameras are enabled at {@link start}).
 */
export class PrerollBuffers {
  private readonly buffers = new Map<string, Buffered>();
  private closed = false;

  constructor(
    private readonly options: {
      dir: string;
      ffmpeg: string;
      cameras: readonly PrerollCamera[];
      log: HubLogger;
      /** Whether camera `cameraId` is enabled now (CameraService.enabled); default: always. */
      enabled?: (cameraId: string) => boolean;
    },
  ) {
    for (const camera of options.cameras) {
      if (camera.preSeconds <= 0) continue;
      const dir = join(options.dir, camera.id);
      this.buffers.set(camera.id, { camera, dir, child: null, startedAt: 0, backoffMs: 0, timer: null, paused: false });
    }
  }

  /** Starts the ffmpeg of every enabled camera; the others are paused until {@link setEnabled}. */
  start(): this {
    for (const buffer of this.buffers.values()) {
      if (this.options.enabled?.(buffer.camera.id) === false) this.pause(buffer);
      else this.run(buffer);
    }
    return this;
  }

  /**
   * Camera `cameraId` was enabled (`true`: its ffmpeg starts again, at once, with an empty buffer)
   * or disabled (`false`: its ffmpeg is killed, its restart cancelled and its segments deleted).
   * No change, an unbuffered camera or closed buffers: nothing happens. Never throws.
   */
  setEnabled(cameraId: string, enabled: boolean): void {
    const buffer = this.buffers.get(cameraId);
    if (!buffer || this.closed || buffer.paused !== enabled) return;
    if (!enabled) {
      this.pause(buffer);
      this.options.log.info({ camera: cameraId }, "camera clips: camera disabled; its pre-roll buffer is stopped");
      return;
    }
    buffer.paused = false;
    buffer.backoffMs = 0;
    this.options.log.info({ camera: cameraId }, "camera clips: camera enabled; its pre-roll buffer starts again");
    this.run(buffer);
  }

  /** The folder camera `cameraId`'s segments are in, or null when it is not buffered. */
  folderOf(cameraId: string): string | null {
    return this.buffers.get(cameraId)?.dir ?? null;
  }

  /** The process ids of the buffering ffmpegs running now. */
  pids(): number[] {
    return [...this.buffers.values()].flatMap((buffer) => (buffer.child?.pid ? [buffer.child.pid] : []));
  }

  /**
   * The last `preSeconds` (about: whole segments, so up to one GOP more) of camera `cameraId`'s stream
   * up to now as one MPEG-TS byte stream: the newest finished segments back until they reach
   * `preSeconds` with the segment being written (its whole packets so far), in order. Empty when the
   * camera is not buffered or its ffmpeg has written nothing in the last few seconds. Never throws.
   */
  take(cameraId: string, now = Date.now()): Buffer {
    const buffer = this.buffers.get(cameraId);
    if (!buffer?.child || this.closed) return Buffer.alloc(0);
    try {
      const entries = readFileSync(join(buffer.dir, LIST), "utf8")
        .split("\n")
        .map((line) => line.trim().split(","))
        .filter((parts) => parts.length === 3 && /^seg\d+\.ts$/.test(parts[0]!))
        .map(([name, start, end]) => ({ name: name!, seconds: Number(end) - Number(start) }));
      const last = entries.at(-1);
      if (!last) return Buffer.alloc(0);
      const lastWritten = statSync(join(buffer.dir, last.name)).mtimeMs;
      if (now - lastWritten > 5_000 + buffer.camera.preSeconds * 1000) return Buffer.alloc(0);
      const wrap = prerollSegments(buffer.camera.preSeconds);
      const partial = `seg${(Number(last.name.slice(3, -3)) + 1) % wrap}.ts`;
      let seconds = Math.max(0, (now - lastWritten) / 1000);
      const chosen: string[] = [];
      for (let i = entries.length - 1; i >= 0 && seconds < buffer.camera.preSeconds - 0.5; i--) {
        chosen.unshift(entries[i]!.name);
        seconds += entries[i]!.seconds;
      }
      const parts: Buffer[] = chosen.map((name) => readFileSync(join(buffer.dir, name)));
      if (statSync(join(buffer.dir, partial)).mtimeMs >= lastWritten - 500)
        parts.push(readWholePackets(join(buffer.dir, partial)));
      return Buffer.concat(parts);
    } catch {
      return Buffer.alloc(0);
    }
  }

  /** Kills every buffering ffmpeg and deletes the segments. */
  close(): void {
    this.closed = true;
    for (const buffer of this.buffers.values()) this.halt(buffer);
  }

  private pause(buffer: Buffered): void {
    buffer.paused = true;
    this.halt(buffer);
  }

  /** Kills the buffer's ffmpeg (its exit is then not a failure: `child` is cleared first), cancels its restart, deletes its segments. */
  private halt(buffer: Buffered): void {
    if (buffer.timer) clearTimeout(buffer.timer);
    buffer.timer = null;
    const child = buffer.child;
    buffer.child = null;
    child?.kill("SIGKILL");
    rmSync(buffer.dir, { recursive: true, force: true });
  }

  private run(buffer: Buffered): void {
    if (this.closed || buffer.paused) return;
    buffer.timer = null;
    rmSync(buffer.dir, { recursive: true, force: true });
    mkdirSync(buffer.dir, { recursive: true });
    const wrap = String(prerollSegments(buffer.camera.preSeconds));
    const args = [
      ...rtspInputArgs(buffer.camera.url),
      "-c",
      "copy",
      "-f",
      "segment",
      "-segment_time",
      String(PREROLL_TIMING.segmentSeconds),
      "-segment_format",
      "mpegts",
      "-segment_wrap",
      wrap,
      "-segment_list",
      join(buffer.dir, LIST),
      "-segment_list_type",
      "csv",
      "-segment_list_size",
      wrap,
      join(buffer.dir, "seg%d.ts"),
    ];
    const child = spawn(this.options.ffmpeg, args, { stdio: ["ignore", "ignore", "pipe"] });
    killWithHub(child);
    buffer.child = child;
    buffer.startedAt = Date.now();
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-500);
    });
    const ended = (why: string) => {
      if (buffer.child !== child) return;
      buffer.child = null;
      if (this.closed) return;
      if (Date.now() - buffer.startedAt >= PREROLL_TIMING.healthyMs) buffer.backoffMs = 0;
      buffer.backoffMs = Math.min(
        PREROLL_TIMING.maxBackoffMs,
        buffer.backoffMs === 0 ? PREROLL_TIMING.backoffMs : buffer.backoffMs * 2,
      );
      this.options.log.warn(
        { camera: buffer.camera.id, retryMs: buffer.backoffMs },
        `camera clips: the pre-roll buffer's ffmpeg stopped: ${redactRtsp(why, buffer.camera.url)}`,
      );
      buffer.timer = setTimeout(() => this.run(buffer), buffer.backoffMs);
      buffer.timer.unref();
    };
    child.once("error", (error) => ended(`ffmpeg could not start: ${error.message}`));
    child.once("exit", (code, signal) => ended(`exit ${code ?? signal}: ${stderr.trim()}`));
  }
}

/**
 * The MPEG-TS file at `path` written so far (a segment still being written) up to its last whole
 * picture: cut before the last packet that starts a video PES (ISO/IEC 13818-1: payload_unit_start
 * with stream id 0xE0..0xEF), whose picture may not all be written yet; nothing when there is none.
 */
export function wholePictures(bytes: Buffer): Buffer {
  for (let at = bytes.length - (bytes.length % TS_PACKET) - TS_PACKET; at >= 0; at -= TS_PACKET) {
    if (bytes[at] !== 0x47 || (bytes[at + 1]! & 0x40) === 0) continue;
    const adaptation = (bytes[at + 3]! >> 4) & 0x3;
    if (!(adaptation & 0x1)) continue;
    const payload = at + 4 + (adaptation & 0x2 ? 1 + bytes[at + 4]! : 0);
    if (payload + 4 > at + TS_PACKET) continue;
    if (bytes.readUIntBE(payload, 3) === 1 && bytes[payload + 3]! >= 0xe0 && bytes[payload + 3]! <= 0xef)
      return bytes.subarray(0, at);
  }
  return Buffer.alloc(0);
}

/**
 * How long the pictures of MPEG-TS `bytes` last, seconds: from the first video PES's PTS to the
 * last one's plus one picture's interval (their mean), or null with fewer than two pictures. What
 * ffmpeg's concat demuxer is told as the pre-roll's `duration`, so the live part starts one picture
 * after the pre-roll's last one (estimated from the PTS alone it would start on that picture's time).
 */
export function tsVideoSeconds(bytes: Buffer): number | null {
  const pts: number[] = [];
  for (let at = 0; at + TS_PACKET <= bytes.length; at += TS_PACKET) {
    if (bytes[at] !== 0x47 || (bytes[at + 1]! & 0x40) === 0) continue;
    const adaptation = (bytes[at + 3]! >> 4) & 0x3;
    if (!(adaptation & 0x1)) continue;
    const payload = at + 4 + (adaptation & 0x2 ? 1 + bytes[at + 4]! : 0);
    if (payload + 14 > at + TS_PACKET) continue;
    if (bytes.readUIntBE(payload, 3) !== 1 || bytes[payload + 3]! < 0xe0 || bytes[payload + 3]! > 0xef) continue;
    if ((bytes[payload + 7]! & 0x80) === 0) continue;
    const p = payload + 9;
    const value =
      ((bytes[p]! >> 1) & 0x07) * 2 ** 30 +
      ((bytes[p + 1]! << 7) | (bytes[p + 2]! >> 1)) * 2 ** 15 +
      ((bytes[p + 3]! << 7) | (bytes[p + 4]! >> 1));
    pts.push(value);
  }
  if (pts.length < 2) return null;
  const span = Math.max(...pts) - Math.min(...pts);
  return (span + span / (pts.length - 1)) / 90_000;
}

/** The whole pictures (see {@link wholePictures}) of the MPEG-TS file at `path` written so far, or nothing. */
function readWholePackets(path: string): Buffer {
  let fd: number | null = null;
  try {
    fd = openSync(path, "r");
    const size = statSync(path).size;
    const bytes = Buffer.alloc(size - (size % TS_PACKET));
    readSync(fd, bytes, 0, bytes.length, 0);
    return wholePictures(bytes);
  } catch {
    return Buffer.alloc(0);
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** Writes `bytes` to `path` (the clip's pre-roll file) when there are any; true when written. */
export function writePreroll(path: string, bytes: Buffer): boolean {
  if (bytes.length < TS_PACKET) return false;
  writeFileSync(path, bytes);
  return true;
}
