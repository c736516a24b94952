import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { recordingsTopic, type Recording } from "../../../contract/camera-controls";
import type { BrokerLink, HubLogger } from "../../broker/link";
import { HubError } from "../../core/errors";
import { CLIP_LIMITS, type CameraRecord } from "./clips-config";
import type { ClipFolder } from "./clips-files";
import { recordingOf, type ClipStore, type StoredClip } from "./clips-store";
import { clipSnapshot, finishClip, startClipFfmpeg, type ClipExit, type ClipProcess } from "./ffmpeg-recorder";
import { mp4DurationMs } from "./ffmpeg-mp4";
import { tsVideoSeconds, writePreroll, type PrerollBuffers } from "./clips-preroll";
import { RECORDING_LIMITS, recordingsToPrune, type PruneLimits } from "./prune";
import type { RecordingPlayback, RecordingSource } from "./source";

/** A camera the recorder records: its id, the RTSP URL ffmpeg copies (never logged), and its `record` settings. */
export interface ClipCamera {
  id: string;
  url: string;
  record: CameraRecord;
}

/** What {@link ClipRecorder} is built from. */
export type ClipRecorderOptions = {
  cameras: readonly ClipCamera[];
  store: ClipStore;
  folder: ClipFolder;
  /** Debian's ffmpeg (hls/ffmpeg.ts findFfmpeg), or null: nothing is recorded. */
  ffmpeg: string | null;
  link: Pick<BrokerLink, "publish">;
  log: HubLogger;
  /** Whether camera `cameraId` is enabled now (CameraService.enabled): a disabled camera starts no clip. Default: always. */
  enabled?: (cameraId: string) => boolean;
  /** Sets the camera's `motion` flag in `camera/config` while a clip records (CameraService.setMotion). */
  setMotion?: (cameraId: string, on: boolean) => void;
  limits?: PruneLimits;
  /** The rolling buffers of the cameras with `record.preSeconds` (clips-preroll.ts): a clip starts with their last seconds. */
  preroll?: PrerollBuffers;
  /** ffmpeg processes recording at once (default {@link CLIP_LIMITS}.concurrent). */
  concurrent?: number;
  now?: () => number;
};

/** A clip being recorded. */
type Running = {
  id: string;
  camera: ClipCamera;
  startedAtMs: number;
  process: ClipProcess;
  stopTimer: NodeJS.Timeout | null;
  stopped: boolean;
};

/** The motion's time a clip id `clip-<epoch ms>-<hex>` was made at, or null for another id. */
function motionTimeOf(id: string): number | null {
  const match = /^clip-(\d+)-/.exec(id);
  return match ? Number(match[1]) : null;
}

/** Shortest clip kept, ms (less is a camera that sent nothing usable). */
const MIN_CLIP_MS = 500;

/**
 * Clips around motion recorded by ffmpeg from `rtsp` and `go2rtc` cameras (hub/README.md "Cameras
 * without Frigate"), a {@link RecordingSource} owning the ids `clip-…` of the cameras with `record`:
 * {@link motion} `true` starts ffmpeg copying the stream into MP4 (ffmpeg-recorder.ts) unless the
 * camera records already (then it keeps going); `false` ends it `record.seconds` later (a new
 * `true` meanwhile keeps it going), and `record.maxSeconds` caps it. At most `concurrent` clips
 * record at once (a motion beyond is logged and not recorded). A finished clip is rewritten with
 * its index first, gets a JPEG snapshot of its first picture, its row completed (`media: "mp4"`),
 * `camera/recordings/<id>` announced and the recordings pruned (prune.ts limits, over these clips;
 * locked kept). Crash safety: a row is written when a clip starts, so {@link start} finishes a
 * clip whose ffmpeg was cut off (or drops it when nothing usable was written), drops a finished
 * row whose MP4 is gone and deletes every clip file without a row. Without ffmpeg it records
 * nothing and lists nothing (the hub warns once). With `record.preSeconds` the clip begins with
 * the camera's buffered seconds from before the motion (`preroll`, clips-preroll.ts: taken at the
 * motion into `<id>.pre`, joined before the live part when the clip is finished; the row's
 * duration includes them and its `startedAt` is its first buffered picture's time: the motion's
 * time minus the seconds kept, or the motion's time when none were). A disabled camera records no
 * clip and buffers nothing ({@link syncEnabled}). {@link close} kills every ffmpeg, the buffers' too.
 */
export class ClipRecorder implements RecordingSource {
  private readonly cameras: ReadonlyMap<string, ClipCamera>;
  private readonly running = new Map<string, Running>();
  private readonly finishing = new Set<Promise<void>>();
  private readonly limits: PruneLimits;
  private readonly now: () => number;
  private closed = false;
  /** Resolves when {@link start}'s reconciliation is done. */
  ready: Promise<void> = Promise.resolve();

  constructor(private readonly options: ClipRecorderOptions) {
    this.cameras = new Map(options.cameras.map((camera) => [camera.id, camera]));
    this.limits = options.limits ?? RECORDING_LIMITS;
    this.now = options.now ?? Date.now;
  }

  /** Makes rows and files agree (see the class), then prunes; {@link ready} resolves when done. */
  start(): this {
    const { files, tmp } = this.options.folder.scan();
    for (const path of tmp) rmSync(path, { force: true });
    const rows = this.options.store.all();
    const known = new Set(rows.map((row) => row.id));
    for (const id of files.keys()) if (!known.has(id)) this.options.folder.remove(id);
    const unfinished: StoredClip[] = [];
    const gone: string[] = [];
    for (const row of rows) {
      const kinds = files.get(row.id);
      if (!row.complete && kinds?.has("rec") && this.options.ffmpeg) unfinished.push(row);
      else if (!row.complete || !kinds?.has("mp4")) gone.push(row.id);
    }
    for (const id of gone) this.options.folder.remove(id);
    this.options.store.remove(gone);
    if (gone.length > 0) this.options.log.warn({ rows: gone.length }, "camera clips: rows without a file dropped");
    this.ready = (async () => {
      for (const row of unfinished) await this.finish(row.id, row.cameraId, { code: null, error: "" }, true);
      this.prune();
    })();
    return this;
  }

  /** Whether camera `cameraId` has `record` (its recordings are these clips, with or without ffmpeg). */
  recordsCamera(cameraId: string): boolean {
    return this.cameras.has(cameraId);
  }

  /** Whether `id` is a clip id (`clip-…`). */
  owns(id: string): boolean {
    return id.startsWith("clip-");
  }

  /** Whether camera `cameraId` records on its own ONVIF motion events (`record.onvifEvents`). */
  followsOnvifEvents(cameraId: string): boolean {
    return this.cameras.get(cameraId)?.record.onvifEvents === true;
  }

  /** Finished clips, newest first; of camera `cameraId` when given. @throws HubError NOT_FOUND (a camera without `record`) */
  list(cameraId?: string): Recording[] {
    if (cameraId !== undefined && !this.cameras.has(cameraId)) throw new HubError("NOT_FOUND", "no such camera");
    return this.options.store
      .all(cameraId)
      .filter((clip) => clip.complete)
      .map(recordingOf);
  }

  /** `PATCH /recordings/lock/{id}`: flips the lock, answers the clip as stored now. @throws HubError NOT_FOUND */
  toggleLock(id: string): Recording {
    const clip = this.options.store.toggleLock(id);
    if (!clip) throw new HubError("NOT_FOUND", "no such recording");
    this.announce(clip.cameraId);
    return recordingOf(clip);
  }

  /** `DELETE /recordings/{id}`: the row, then its files. @throws HubError NOT_FOUND, RECORDING_LOCKED */
  remove(id: string): void {
    const clip = this.finished(id);
    if (clip.locked) throw new HubError("RECORDING_LOCKED", "the recording is locked: unlock it first");
    this.options.store.remove([id]);
    this.options.folder.remove(id);
    this.announce(clip.cameraId);
  }

  /** The clip's MP4 on disk, sent as `video/mp4` with Range. @throws HubError NOT_FOUND */
  playback(id: string): RecordingPlayback {
    this.finished(id);
    const size = this.options.folder.size(id, "mp4");
    if (size === null) throw new HubError("NOT_FOUND", "the recording's file is gone");
    return { kind: "file", path: this.options.folder.path(id, "mp4"), size };
  }

  /** The JPEG ffmpeg took of the clip's first picture. @throws HubError NOT_FOUND */
  snapshot(id: string): Buffer {
    this.finished(id);
    const jpeg = this.options.folder.read(id, "jpg");
    if (!jpeg) throw new HubError("NOT_FOUND", "the recording has no snapshot");
    return jpeg;
  }

  /**
   * Motion on camera `cameraId` began (`active` true) or ended (false), from its motion sensor or
   * its ONVIF events (hub/cameras/onvif `onMotion` wires here for cameras with `record.onvifEvents`).
   * A camera without `record`, a hub without ffmpeg or a closing hub: nothing happens; a disabled
   * camera starts no clip. Never throws.
   */
  motion(cameraId: string, active: boolean): void {
    const camera = this.cameras.get(cameraId);
    if (!camera || !this.options.ffmpeg || this.closed) return;
    const running = this.running.get(cameraId);
    if (running) {
      if (running.stopTimer) clearTimeout(running.stopTimer);
      running.stopTimer = active ? null : setTimeout(() => this.stop(running), camera.record.seconds * 1000);
      return;
    }
    if (!active || this.options.enabled?.(cameraId) === false) return;
    if (this.running.size >= (this.options.concurrent ?? CLIP_LIMITS.concurrent)) {
      this.options.log.warn(
        { camera: cameraId },
        "camera clips: too many clips recording at once; this motion is not recorded",
      );
      return;
    }
    this.begin(camera, this.options.ffmpeg);
  }

  /**
   * Reads every camera's enabled state again (call it after a camera's settings changed: clips-start.ts
   * does on each `camera/config`). A disabled camera's pre-roll buffer is stopped and a clip it is
   * recording ends now (what was recorded is kept); an enabled one's buffer starts again. Never throws.
   */
  syncEnabled(): void {
    if (this.closed) return;
    for (const camera of this.cameras.values()) {
      const enabled = this.options.enabled?.(camera.id) !== false;
      this.options.preroll?.setEnabled(camera.id, enabled);
      const running = this.running.get(camera.id);
      if (!enabled && running && !running.stopped) {
        if (running.stopTimer) clearTimeout(running.stopTimer);
        this.options.log.info({ camera: camera.id, id: running.id }, "camera clips: camera disabled; its clip ends");
        this.stop(running);
      }
    }
  }

  /** Clips recording now (their cameras' ids). */
  recording(): string[] {
    return [...this.running.keys()];
  }

  /** Resolves when every clip that has stopped recording is finished (written, snapshot taken, listed). */
  async settled(): Promise<void> {
    while (this.finishing.size > 0) await Promise.all([...this.finishing]);
  }

  /** Deletes finished, unlocked clips beyond the limits (prune.ts); a clip being recorded is never chosen. */
  prune(): void {
    const clips = this.options.store.all().filter((clip) => clip.complete);
    const ids = recordingsToPrune(
      clips.map((clip) => ({ id: clip.id, startedAt: clip.startedAtMs, bytes: clip.bytes, locked: clip.locked })),
      this.now(),
      this.limits,
    );
    if (ids.length === 0) return;
    this.options.store.remove(ids);
    for (const id of ids) this.options.folder.remove(id);
    for (const cameraId of new Set(clips.filter((clip) => ids.includes(clip.id)).map((clip) => clip.cameraId)))
      this.announce(cameraId);
  }

  /** Stops recording: every ffmpeg is killed; their rows and partial files are finished at the next {@link start}. */
  close(): void {
    this.closed = true;
    for (const running of this.running.values()) {
      if (running.stopTimer) clearTimeout(running.stopTimer);
      running.process.kill();
    }
    this.options.preroll?.close();
  }

  private begin(camera: ClipCamera, ffmpeg: string): void {
    const motionAtMs = this.now();
    const id = `clip-${motionAtMs}-${randomBytes(4).toString("hex")}`;
    const pre =
      camera.record.preSeconds > 0 && this.options.preroll
        ? this.options.preroll.take(camera.id, motionAtMs)
        : Buffer.alloc(0);
    // the clip starts at its first picture: the pre-roll's seconds before the motion
    const preMs = Math.round((tsVideoSeconds(pre) ?? 0) * 1000);
    this.options.store.begin({ id, cameraId: camera.id, startedAtMs: motionAtMs - preMs });
    if (pre.length > 0) {
      try {
        writePreroll(this.options.folder.path(id, "pre"), pre);
      } catch (error) {
        this.options.store.restart(id, motionAtMs);
        this.options.log.warn({ camera: camera.id, id, err: error }, "camera clips: the pre-roll could not be kept");
      }
    }
    const process = startClipFfmpeg(ffmpeg, camera.url, this.options.folder.path(id, "rec"), camera.record.maxSeconds);
    const running: Running = { id, camera, startedAtMs: motionAtMs, process, stopTimer: null, stopped: false };
    this.running.set(camera.id, running);
    this.options.setMotion?.(camera.id, true);
    this.options.log.info({ camera: camera.id, id }, "camera clips: recording a clip");
    void process.done.then((exit) => {
      if (running.stopTimer) clearTimeout(running.stopTimer);
      this.running.delete(camera.id);
      if (this.closed) return;
      this.options.setMotion?.(camera.id, false);
      if (!running.stopped && exit.code !== 0)
        this.options.log.warn(
          { camera: camera.id, id, code: exit.code },
          `camera clips: ffmpeg stopped before the clip's end: ${exit.error}`,
        );
      this.track(this.finish(id, camera.id, exit, false));
    });
  }

  private stop(running: Running): void {
    running.stopTimer = null;
    running.stopped = true;
    running.process.stop();
  }

  private track(work: Promise<void>): void {
    this.finishing.add(work);
    void work.finally(() => this.finishing.delete(work));
  }

  /** Turns clip `id`'s `.rec` into its MP4 and snapshot and completes its row; drops the clip when nothing usable was written. */
  private async finish(id: string, cameraId: string, exit: ClipExit, recovered: boolean): Promise<void> {
    const { folder, store, log } = this.options;
    const ffmpeg = this.options.ffmpeg!;
    try {
      const pre = folder.read(id, "pre");
      const preroll = pre?.length
        ? { ts: folder.path(id, "pre"), list: folder.path(id, "list"), seconds: tsVideoSeconds(pre) }
        : undefined;
      let remuxed = await finishClip(ffmpeg, folder.path(id, "rec"), folder.path(id, "mp4", true), preroll);
      if (!remuxed && preroll) {
        log.warn(
          { camera: cameraId, id },
          "camera clips: the pre-roll could not be joined; the clip starts at the motion",
        );
        remuxed = await finishClip(ffmpeg, folder.path(id, "rec"), folder.path(id, "mp4", true));
        const motionAtMs = motionTimeOf(id);
        if (motionAtMs !== null) store.restart(id, motionAtMs);
      }
      const durationMs = remuxed ? mp4DurationMs(folder.path(id, "mp4", true)) : null;
      if (this.closed) return;
      if (durationMs === null || durationMs < MIN_CLIP_MS) {
        folder.remove(id);
        store.remove([id]);
        log.warn({ camera: cameraId, id }, `camera clips: nothing usable was recorded; dropped ${exit.error}`.trim());
        return;
      }
      folder.commit(id, "mp4");
      folder.remove(id, ["rec", "pre", "list"]);
      const snapshot = await clipSnapshot(ffmpeg, folder.path(id, "mp4"), folder.path(id, "jpg", true));
      if (snapshot) folder.commit(id, "jpg");
      if (this.closed) return;
      const bytes = folder.size(id, "mp4") ?? 0;
      store.complete(id, { durationMs, bytes, snapshot });
      log.info({ camera: cameraId, id, durationMs, bytes, recovered }, "camera clips: clip recorded");
      this.announce(cameraId);
      this.prune();
    } catch (error) {
      log.warn({ camera: cameraId, id, err: error }, "camera clips: finishing a clip failed");
    }
  }

  private finished(id: string): StoredClip {
    const clip = this.options.store.get(id);
    if (!clip?.complete) throw new HubError("NOT_FOUND", "no such recording");
    return clip;
  }

  private announce(cameraId: string): void {
    this.options.link.publish(recordingsTopic(cameraId), String(this.now()), { retain: false, qos: 0 });
  }
}
