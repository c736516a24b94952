import type { Recording } from "../../../contract/camera-controls";
import type { Db } from "../../core/db";
import { deleteRows, newestRows, recordingFromRow, rowById, type RecordingRow } from "./rows";

type Row = RecordingRow & { snapshot: number; complete: number };

/** A clip as the recorder keeps it: the contract's recording plus its start in epoch ms and whether it is finished. */
export type StoredClip = Recording & { startedAtMs: number; complete: boolean };

const toClip = (row: Row): StoredClip => ({
  ...recordingFromRow(row, "mp4", row.snapshot === 1),
  startedAtMs: row.started_at,
  complete: row.complete === 1,
});

/** The SQL of the table (the cameras domain's migration): one row per ffmpeg clip, `complete` 0 while it records. */
export const CAMERA_CLIPS_SQL = `
  CREATE TABLE camera_clips (
    id TEXT PRIMARY KEY,
    camera_id TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    duration_ms INTEGER NOT NULL DEFAULT 0,
    bytes INTEGER NOT NULL DEFAULT 0,
    locked INTEGER NOT NULL DEFAULT 0,
    snapshot INTEGER NOT NULL DEFAULT 0,
    complete INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX camera_clips_started ON camera_clips(started_at);
`;

/**
 * The ffmpeg clips (table `camera_clips`): a row is added when a clip starts (`complete` 0, so a
 * crash leaves a row naming its partial file) and completed with its duration, size and snapshot
 * once the MP4 is final.
 */
export class ClipStore {
  constructor(private readonly db: Db) {}

  /** Adds a clip being recorded. */
  begin(clip: { id: string; cameraId: string; startedAtMs: number }): void {
    this.db
      .prepare("INSERT INTO camera_clips (id, camera_id, started_at) VALUES (?, ?, ?)")
      .run(clip.id, clip.cameraId, clip.startedAtMs);
  }

  /** Sets clip `id`'s start to `startedAtMs` (epoch ms): its pre-roll was not kept, so it starts at the motion. */
  restart(id: string, startedAtMs: number): void {
    this.db.prepare("UPDATE camera_clips SET started_at = ? WHERE id = ?").run(startedAtMs, id);
  }

  /** Marks clip `id` finished: `durationMs`, `bytes` of its MP4, whether it has a snapshot. */
  complete(id: string, done: { durationMs: number; bytes: number; snapshot: boolean }): void {
    this.db
      .prepare("UPDATE camera_clips SET duration_ms = ?, bytes = ?, snapshot = ?, complete = 1 WHERE id = ?")
      .run(Math.round(done.durationMs), done.bytes, done.snapshot ? 1 : 0, id);
  }

  /** Every clip, finished or not, newest first; of camera `cameraId` only when given. */
  all(cameraId?: string): StoredClip[] {
    return newestRows<Row>(this.db, "camera_clips", cameraId).map(toClip);
  }

  /** Clip `id` (finished or not), or null. */
  get(id: string): StoredClip | null {
    const row = rowById<Row>(this.db, "camera_clips", id);
    return row ? toClip(row) : null;
  }

  /** Flips finished clip `id`'s lock; returns it as it is now, or null when there is no such finished clip. */
  toggleLock(id: string): StoredClip | null {
    this.db.prepare("UPDATE camera_clips SET locked = 1 - locked WHERE id = ? AND complete = 1").run(id);
    const clip = this.get(id);
    return clip?.complete ? clip : null;
  }

  /** Deletes the rows of `ids`. */
  remove(ids: readonly string[]): void {
    deleteRows(this.db, "camera_clips", ids);
  }
}

/** A stored clip as the contract's recording (without the recorder's own fields). */
export function recordingOf({ startedAtMs: _startedAtMs, complete: _complete, ...recording }: StoredClip): Recording {
  return recording;
}
