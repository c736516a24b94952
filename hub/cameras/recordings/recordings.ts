import type { Recording } from "../../../contract/camera-controls";
import { HubError } from "../../core/errors";
import type { RecordingPlayback, RecordingSource } from "./source";

/**
 * The household's recordings from every {@link RecordingSource} (spec §3, §5, §7 keep one list and one
 * lock whatever records the camera): a camera's recordings come from the first source, in the order
 * given, that records it; an id goes to the source that owns it (else 404). `list()` without a camera
 * merges every source's, newest first. A source that fails while listing every camera is left out of
 * that list (logged by `onSourceError`) so one NVR that does not answer does not hide the rest.
 */
export class Recordings {
  constructor(
    private readonly sources: readonly RecordingSource[],
    private readonly onSourceError: (error: unknown) => void = () => {},
  ) {}

  /** Recordings, newest first; of camera `cameraId` when given. @throws HubError NOT_FOUND (no source records it) */
  async list(cameraId?: string): Promise<Recording[]> {
    if (cameraId !== undefined) return this.sourceOfCamera(cameraId).list(cameraId);
    const lists = await Promise.all(
      this.sources.map(async (source) => {
        try {
          return await source.list();
        } catch (error) {
          this.onSourceError(error);
          return [];
        }
      }),
    );
    return lists.flat().sort((a, b) => b.startedAt.localeCompare(a.startedAt) || b.id.localeCompare(a.id));
  }

  /** `PATCH /recordings/lock/{id}`. @throws HubError NOT_FOUND */
  async toggleLock(id: string): Promise<Recording> {
    return this.sourceOf(id).toggleLock(id);
  }

  /** `DELETE /recordings/{id}`. @throws HubError NOT_FOUND, RECORDING_LOCKED */
  async remove(id: string): Promise<void> {
    await this.sourceOf(id).remove(id);
  }

  /** What `GET /recordings/{id}` sends. @throws HubError NOT_FOUND */
  async playback(id: string): Promise<RecordingPlayback> {
    return this.sourceOf(id).playback(id);
  }

  /** Recording `id`'s JPEG. @throws HubError NOT_FOUND */
  async snapshot(id: string): Promise<Buffer> {
    return this.sourceOf(id).snapshot(id);
  }

  private sourceOf(id: string): RecordingSource {
    const source = this.sources.find((candidate) => candidate.owns(id));
    if (!source) throw new HubError("NOT_FOUND", "no such recording");
    return source;
  }

  private sourceOfCamera(cameraId: string): RecordingSource {
    const source = this.sources.find((candidate) => candidate.recordsCamera(cameraId));
    if (!source) throw new HubError("NOT_FOUND", "no such camera");
    return source;
  }
}
