import type { Recording } from "../../../contract/camera-controls";
import type { Db } from "../../core/db";

/** The tables of recordings: `recordings` (the hub's own frame clips), `camera_clips` (ffmpeg's MP4 clips). */
export type RecordingTable = "recordings" | "camera_clips";

/** The columns both tables have: start in epoch ms, duration in ms, size in bytes, `locked` 0 or 1. */
export type RecordingRow = {
  id: string;
  camera_id: string;
  started_at: number;
  duration_ms: number;
  bytes: number;
  locked: number;
};

/** A row as the contract's recording (contract/camera-controls.ts RecordingSchema) of `media`, with or without a snapshot. */
export function recordingFromRow(row: RecordingRow, media: Recording["media"], snapshot: boolean): Recording {
  return {
    id: row.id,
    cameraId: row.camera_id,
    startedAt: new Date(row.started_at).toISOString(),
    durationMs: row.duration_ms,
    bytes: row.bytes,
    locked: row.locked === 1,
    media,
    snapshot,
  };
}

/** The rows of `table`, newest first (then by id, descending); of camera `cameraId` only when given. */
export function newestRows<R extends RecordingRow>(db: Db, table: RecordingTable, cameraId?: string): R[] {
  const order = "ORDER BY started_at DESC, id DESC";
  return cameraId === undefined
    ? db.prepare<[], R>(`SELECT * FROM ${table} ${order}`).all()
    : db.prepare<[string], R>(`SELECT * FROM ${table} WHERE camera_id = ? ${order}`).all(cameraId);
}

/** Row `id` of `table`, or undefined. */
export function rowById<R extends RecordingRow>(db: Db, table: RecordingTable, id: string): R | undefined {
  return db.prepare<[string], R>(`SELECT * FROM ${table} WHERE id = ?`).get(id);
}

/** Deletes the rows of `ids` from `table`, in one transaction. */
export function deleteRows(db: Db, table: RecordingTable, ids: readonly string[]): void {
  const statement = db.prepare(`DELETE FROM ${table} WHERE id = ?`);
  db.transaction(() => {
    for (const id of ids) statement.run(id);
  })();
}
