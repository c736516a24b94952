import type { Recording } from "../../../contract/camera-controls";
import type { ClipFrame } from "./clip";

/**
 * What `GET /recordings/{id}` plays, as a recording source gives it:
 * - `frames`: the hub's own JPEG frame clip, sent as `multipart/x-mixed-replace` at the recorded pace;
 * - `file`: an MP4 on the hub's disk at `path` (`size` bytes), sent as `video/mp4` with HTTP Range;
 * - `upstream`: an MP4 another server keeps (an NVR), fetched by the hub with the request's `Range`
 *   header passed on (the browser never learns that server's address or credentials).
 */
export type RecordingPlayback =
  | { kind: "frames"; frames: ClipFrame[] }
  | { kind: "file"; path: string; size: number }
  | { kind: "upstream"; fetch: (range: string | undefined, signal: AbortSignal) => Promise<Response> };

/**
 * One place recordings come from (the hub's own frame clips, clips ffmpeg records from a camera's
 * stream, an NVR such as Frigate), each owning the recordings of the cameras it records. Every
 * method may be asynchronous; errors are `HubError`s (NOT_FOUND for an id or camera it does not
 * know, RECORDING_LOCKED when deleting a locked one, DEVICE_UNREACHABLE when an NVR does not answer).
 */
export interface RecordingSource {
  /** Whether camera `cameraId`'s recordings come from this source. */
  recordsCamera(cameraId: string): boolean;
  /** Whether recording `id` is this source's (decided from the id alone: each source has its own prefix). */
  owns(id: string): boolean;
  /** Its recordings, newest first; of camera `cameraId` when given (a camera it records). */
  list(cameraId?: string): Recording[] | Promise<Recording[]>;
  /** Flips recording `id`'s lock and answers it as the source now holds it (spec §5 "read back"). */
  toggleLock(id: string): Recording | Promise<Recording>;
  /** Deletes recording `id`; refused with RECORDING_LOCKED while locked. */
  remove(id: string): void | Promise<void>;
  /** What `GET /recordings/{id}` sends. */
  playback(id: string): RecordingPlayback | Promise<RecordingPlayback>;
  /** The JPEG of recording `id` (only where its `snapshot` is true; else NOT_FOUND). */
  snapshot(id: string): Buffer | Promise<Buffer>;
}
