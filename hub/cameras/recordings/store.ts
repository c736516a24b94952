import type { Recording } from "../../../contract/camera-controls";
import type { Db } from "../../core/db";
import { deleteRows, newestRows, recordingFromRow, rowById, type RecordingRow } from "./rows";

/** A row of the hub's frame clips as the contract's recording: MJPEG, with a snapshot. */
const toRecording = (row: RecordingRow): Recording => recordingFromRow(row, "mjpeg", true);

/** A stored recording as pruning sees it: start in epoch ms. */
export type StoredRecording = Recording & { startedAtMs: number };

/** The recordings (table `recordings`, migration 10): one row per clip, its file under the data directory. */
export class RecordingStore {
  constructor(private readonly db: Db) {}

  /** Adds a recording. */
  insert(recording: {
    id: string;
    cameraId: string;
    startedAtMs: number;
    durationMs: number;
    bytes: number;
  }): Recording {
    this.db
      .prepare(
        "INSERT INTO recordings (id, camera_id, started_at, duration_ms, bytes, locked) VALUES (?, ?, ?, ?, ?, 0)",
      )
      .run(recording.id, recording.cameraId, recording.startedAtMs, recording.durationMs, recording.bytes);
    return {
      id: recording.id,
      cameraId: recording.cameraId,
      startedAt: new Date(recording.startedAtMs).toISOString(),
      durationMs: recording.durationMs,
      bytes: recording.bytes,
      locked: false,
      media: "mjpeg",
      snapshot: true,
    };
  }

  /** Recordings, newest first; of camera `cameraId` only when given. */
  list(cameraId?: string): StoredRecording[] {
    return newestRows(this.db, "recordings", cameraId).map((row) => ({
      ...toRecording(row),
      startedAtMs: row.started_at,
    }));
  }

  /** Recording `id`, or null. */
  get(id: string): Recording | null {
    const row = rowById(this.db, "recordings", id);
    return row ? toRecording(row) : null;
  }

  /** Flips recording `id`'s lock; returns it as it is now, or null when there is no such recording. */
  toggleLock(id: string): Recording | null {
    this.db.prepare("UPDATE recordings SET locked = 1 - locked WHERE id = ?").run(id);
    return this.get(id);
  }

  /** Deletes the rows of `ids`. */
  remove(ids: readonly string[]): void {
    deleteRows(this.db, "recordings", ids);
  }
}
