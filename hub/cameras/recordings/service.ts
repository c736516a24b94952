import { randomBytes } from "node:crypto";
import { recordingsTopic, type Recording } from "../../../contract/camera-controls";
import type { BrokerLink, HubLogger } from "../../broker/link";
import { HubError } from "../../core/errors";
import type { CameraService } from "../service";
import type { ClipFiles, ClipFrame } from "./clip";
import { encodeClip } from "./clip";
import { RECORDING_LIMITS, recordingsToPrune, type PruneLimits } from "./prune";
import type { RecordingPlayback, RecordingSource } from "./source";
import type { RecordingStore } from "./store";

/** How long a motion clip records, milliseconds, and the most bytes of frames one clip keeps. */
export const CLIP = { durationMs: 5_000, maxBytes: 8 * 1024 * 1024 } as const;

/** What {@link RecordingsService} is built from. */
export type RecordingsOptions = {
  store: RecordingStore;
  files: ClipFiles;
  cameras: CameraService;
  link: BrokerLink;
  log: HubLogger;
  limits?: PruneLimits;
  clipMs?: number;
  now?: () => number;
};

/**
 * Recordings of motion clips (spec §3 "Recording: locked flag", §5, §7). A motion event
 * on a camera records about {@link CLIP} 5 s of its frames to a file (clip.ts) and then adds the
 * row, so a crash leaves at worst a file without a row, which {@link start} deletes (as it drops a
 * row whose file is gone). After each new recording and at start, unlocked recordings beyond the
 * limits (prune.ts: 7 days, 200 MiB) are deleted with their files; locked ones never. Each change
 * is announced on `camera/recordings/<cameraId>` (not retained) so open lists fetch again. As a
 * {@link RecordingSource} it owns the ids `rec-…` and records any camera the camera service knows (so
 * it comes last among the sources); its clips play as `mjpeg` and their first frame is the snapshot.
 */
export class RecordingsService implements RecordingSource {
  private readonly recording = new Map<string, Promise<Recording | null>>();
  private readonly limits: PruneLimits;
  private readonly clipMs: number;
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly options: RecordingsOptions) {
    this.limits = options.limits ?? RECORDING_LIMITS;
    this.clipMs = options.clipMs ?? CLIP.durationMs;
    this.now = options.now ?? Date.now;
  }

  /** Makes files and rows agree (a row without a file dropped, a file without a row deleted), then prunes. */
  start(): this {
    const onDisk = this.options.files.ids();
    const rows = this.options.store.list();
    const known = new Set(rows.map((row) => row.id));
    const orphanRows = rows.filter((row) => !onDisk.has(row.id)).map((row) => row.id);
    if (orphanRows.length > 0) this.options.store.remove(orphanRows);
    for (const id of onDisk) if (!known.has(id)) this.options.files.remove(id);
    if (orphanRows.length > 0)
      this.options.log.warn({ rows: orphanRows.length }, "recordings: rows without a file dropped");
    this.prune();
    return this;
  }

  /** Whether the camera service knows camera `cameraId`. */
  recordsCamera(cameraId: string): boolean {
    try {
      this.options.cameras.get(cameraId);
      return true;
    } catch {
      return false;
    }
  }

  /** Whether `id` is one of this service's clip ids (`rec-…`). */
  owns(id: string): boolean {
    return id.startsWith("rec-");
  }

  /** The clip's frames, played as `multipart/x-mixed-replace`. @throws HubError NOT_FOUND */
  playback(id: string): RecordingPlayback {
    return { kind: "frames", frames: this.frames(id) };
  }

  /** The clip's first frame. @throws HubError NOT_FOUND */
  snapshot(id: string): Buffer {
    const first = this.frames(id)[0];
    if (!first) throw new HubError("NOT_FOUND", "the recording has no frame");
    return first.jpeg;
  }

  /** Recordings, newest first; of camera `cameraId` when given. @throws HubError NOT_FOUND (unknown camera) */
  list(cameraId?: string): Recording[] {
    if (cameraId !== undefined) this.options.cameras.get(cameraId);
    return this.options.store.list(cameraId).map(({ startedAtMs: _startedAtMs, ...recording }) => recording);
  }

  /** The frames of recording `id`. @throws HubError NOT_FOUND */
  frames(id: string): ClipFrame[] {
    this.find(id);
    try {
      return this.options.files.read(id);
    } catch {
      throw new HubError("NOT_FOUND", "the recording's file is gone");
    }
  }

  /** `PATCH /recordings/lock/{id}`: flips the lock and answers the recording as it is now. @throws HubError NOT_FOUND */
  toggleLock(id: string): Recording {
    const recording = this.options.store.toggleLock(id);
    if (!recording) throw new HubError("NOT_FOUND", "no such recording");
    this.announce(recording.cameraId);
    return recording;
  }

  /** `DELETE /recordings/{id}`: the row, then the file. @throws HubError NOT_FOUND, RECORDING_LOCKED */
  remove(id: string): void {
    const recording = this.find(id);
    if (recording.locked) throw new HubError("RECORDING_LOCKED", "the recording is locked: unlock it first");
    this.options.store.remove([id]);
    this.options.files.remove(id);
    this.announce(recording.cameraId);
  }

  /**
   * A motion event on camera `cameraId`: records its frames for the clip's length (one clip at a
   * time per camera: a second event meanwhile joins the first), stores it, prunes, and sets the
   * camera's `motion` flag while it records. Resolves with the recording, or null when the camera
   * gives no frames (unknown, disabled, no frame source) or none came, or the hub is closing; never
   * rejects (a failure to write is logged).
   */
  record(cameraId: string): Promise<Recording | null> {
    const running = this.recording.get(cameraId);
    if (running) return running;
    const promise = this.capture(cameraId)
      .catch((error: unknown) => {
        this.options.log.warn({ camera: cameraId, err: error }, "recording a motion clip failed");
        return null;
      })
      .finally(() => this.recording.delete(cameraId));
    this.recording.set(cameraId, promise);
    return promise;
  }

  /** Stops recording: clips still being captured are dropped (the hub is shutting down). */
  close(): void {
    this.closed = true;
  }

  /** Deletes what is over the limits (never a locked recording). */
  prune(): void {
    const rows = this.options.store.list();
    const ids = recordingsToPrune(
      rows.map((row) => ({ id: row.id, startedAt: row.startedAtMs, bytes: row.bytes, locked: row.locked })),
      this.now(),
      this.limits,
    );
    if (ids.length === 0) return;
    this.options.store.remove(ids);
    for (const id of ids) this.options.files.remove(id);
    for (const cameraId of new Set(rows.filter((row) => ids.includes(row.id)).map((row) => row.cameraId)))
      this.announce(cameraId);
  }

  private find(id: string): Recording {
    const recording = this.options.store.get(id);
    if (!recording) throw new HubError("NOT_FOUND", "no such recording");
    return recording;
  }

  private async capture(cameraId: string): Promise<Recording | null> {
    if (this.closed) return null;
    let source;
    try {
      source = this.options.cameras.frames(cameraId);
    } catch {
      return null;
    }
    const startedAtMs = this.now();
    const frames: ClipFrame[] = [];
    let bytes = 0;
    this.options.cameras.setMotion(cameraId, true);
    try {
      await new Promise<void>((resolve) => {
        const unsubscribe = source.subscribe((jpeg) => {
          const offsetMs = Math.max(0, this.now() - startedAtMs);
          // the first frame always (a busy hub may take a while to draw it), later ones within the clip
          if (frames.length > 0 && (offsetMs > this.clipMs || bytes + jpeg.length > CLIP.maxBytes)) return;
          frames.push({ offsetMs, jpeg });
          bytes += jpeg.length;
        });
        setTimeout(() => {
          unsubscribe();
          resolve();
        }, this.clipMs).unref();
      });
    } finally {
      this.options.cameras.setMotion(cameraId, false);
    }
    if (frames.length === 0 || this.closed) return null;
    const id = `rec-${startedAtMs}-${randomBytes(4).toString("hex")}`;
    const size = this.options.files.write(id, encodeClip(frames));
    const recording = this.options.store.insert({ id, cameraId, startedAtMs, durationMs: this.clipMs, bytes: size });
    this.options.log.info({ camera: cameraId, id, frames: frames.length, bytes: size }, "recorded a motion clip");
    this.announce(cameraId);
    this.prune();
    return recording;
  }

  private announce(cameraId: string): void {
    this.options.link.publish(recordingsTopic(cameraId), String(this.now()), { retain: false, qos: 0 });
  }
}
