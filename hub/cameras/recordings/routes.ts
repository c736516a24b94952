import type { FastifyInstance } from "fastify";
import {
  DEMO_MOTION_ROUTE,
  RECORDING_LOCK_ROUTE,
  RECORDING_ROUTE,
  RECORDING_SNAPSHOT_ROUTE,
  RECORDINGS_PATH,
  RecordingLockBodySchema,
  RecordingsQuerySchema,
  type RecordingAnswer,
  type RecordingsAnswer,
} from "../../../contract/camera-controls";
import { MJPEG_CONTENT_TYPE } from "../../../contract/cameras";
import { HubError } from "../../core/errors";
import { parseBody } from "../../http/body";
import type { SessionRegistry } from "../../core/session-registry";
import { StreamLimiter } from "../mjpeg";
import { holdForSession } from "../session-hold";
import { sendClipFile } from "./clips-range";
import { playbackStream } from "./playback";
import { sendUpstream } from "./upstream";
import type { Recordings } from "./recordings";

/** Playbacks at once: per recording and in all (each is a socket and a timer). */
export const PLAYBACK_LIMITS = { perRecording: 4, total: 8 } as const;

type RecordingParams = { Params: { recordingId: string } };

/**
 * The recordings on the camera v1 base (spec §3, §5, §7): `GET /recordings?cameraId=`
 * (newest first; unknown camera 404, a bad query 400 naming `cameraId`), `GET /recordings/{id}`
 * (playback as `multipart/x-mixed-replace` at the recorded pace, at most {@link PLAYBACK_LIMITS}
 * at once, beyond that 429; held under the session in `sessions`, so its end cuts it; an `mp4`
 * recording as `video/mp4` with Range: an NVR's clip (`upstream`) fetched with the request's Range and its
 * status, Content-Range, Content-Length and Accept-Ranges passed back, under the same limits and hold; a clip on the hub's disk (`file`) with
 * Range: 206 and `Content-Range`, 416 for a range past its end, bounded and held the same:
 * clips-range.ts), `GET /recordings/{id}/snapshot.jpg`, `PATCH /recordings/lock/{id}` (empty body: toggles, answers
 * `{item}`), `DELETE /recordings/{id}` (409 RECORDING_LOCKED when locked). Demo mode with the
 * simulator: `POST /demo/motion/{cameraId}` raises a motion event on that camera (it records a clip)
 * and answers at once.
 */
export function recordingsRoutes({
  recordings,
  motion,
  limiter = new StreamLimiter(PLAYBACK_LIMITS.perRecording, PLAYBACK_LIMITS.total),
  sessions,
}: {
  recordings: Recordings;
  /** What each session holds open: a playback is registered there (lock, logout, revoke end it). */
  sessions?: SessionRegistry | undefined;
  /** Demo only: the simulated motion sensor of the cameras (absent = no demo route). */
  motion?: { trigger(cameraId: string): void } | undefined;
  limiter?: StreamLimiter;
}) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(RECORDINGS_PATH, async (request) => {
      const query = parseBody(RecordingsQuerySchema, request.query);
      return { items: await recordings.list(query.cameraId) } satisfies RecordingsAnswer;
    });
    app.get<RecordingParams>(RECORDING_SNAPSHOT_ROUTE, async (request, reply) => {
      const jpeg = await recordings.snapshot(request.params.recordingId);
      return reply.header("Cache-Control", "private, max-age=3600").type("image/jpeg").send(jpeg);
    });
    app.get<RecordingParams>(RECORDING_ROUTE, async (request, reply) => {
      const playback = await recordings.playback(request.params.recordingId);
      if (playback.kind === "file")
        return sendClipFile(request, reply, { id: request.params.recordingId, ...playback }, limiter, sessions);
      if (playback.kind === "upstream") {
        const release = limiter.acquire(request.params.recordingId);
        if (!release) throw new HubError("TOO_MANY_STREAMS", "too many playbacks are open");
        const controller = new AbortController();
        let upstream: Response;
        try {
          upstream = await playback.fetch(request.headers.range, controller.signal);
        } catch (error) {
          release();
          throw error;
        }
        holdForSession(sessions, request, reply, { kind: "playback" });
        return sendUpstream(reply, upstream, () => controller.abort(), release);
      }
      const frames = playback.frames;
      const release = limiter.acquire(request.params.recordingId);
      if (!release) throw new HubError("TOO_MANY_STREAMS", "too many playbacks are open");
      holdForSession(sessions, request, reply, { kind: "playback" });
      reply.header("Cache-Control", "no-store").header("X-Accel-Buffering", "no").type(MJPEG_CONTENT_TYPE);
      return reply.send(playbackStream(frames, release));
    });
    app.patch<RecordingParams>(RECORDING_LOCK_ROUTE, async (request) => {
      parseBody(RecordingLockBodySchema, request.body);
      return { item: await recordings.toggleLock(request.params.recordingId) } satisfies RecordingAnswer;
    });
    app.delete<RecordingParams>(RECORDING_ROUTE, async (request) => {
      await recordings.remove(request.params.recordingId);
      return { item: { id: request.params.recordingId } };
    });
    if (motion) {
      app.post<{ Params: { cameraId: string } }>(DEMO_MOTION_ROUTE, async (request) => {
        await recordings.list(request.params.cameraId); // 404 for an unknown camera
        motion.trigger(request.params.cameraId);
        return { item: { cameraId: request.params.cameraId, motion: true } };
      });
    }
  };
}
