import type { FastifyInstance } from "fastify";
import {
  CAMERA_ROUTE,
  CAMERAS_PATH,
  CAMERAS_RELOAD_PATH,
  CameraConfigBodySchema,
  DEMO_CAMERA_STALL_ROUTE,
  DEMO_DOORBELL_PATH,
  DemoCameraStallBodySchema,
  type DemoCameraStallAnswer,
  MJPEG_CONTENT_TYPE,
  MJPEG_ROUTE,
  SNAPSHOT_ROUTE,
  type CameraAnswer,
  type CamerasAnswer,
} from "../../contract/cameras";
import { HubError } from "../core/errors";
import { parseBody } from "../http/body";
import type { SessionRegistry } from "../core/session-registry";
import { mjpegStream, StreamLimiter } from "./mjpeg";
import { checkSessionStreams, holdForSession } from "./session-hold";
import type { CameraService } from "./service";
import { Snapshots } from "./snapshots";

/** Live MJPEG streams at once: per camera and in all (each is a socket and a frame producer). */
export const MJPEG_LIMITS = { perCamera: 6, total: 24 } as const;

type CameraParams = { Params: { cameraId: string } };

/**
 * The camera v5 base (`/api/cameras/v5`, spec §7, docs/contract.md "Cameras"): `GET /cameras`
 * (the list, our addition), `GET`/`PATCH /cameras/{cameraId}` (the camera item; PATCH body
 * `{config}`). A PATCH that leaves the camera disabled ends its open streams in every session
 * (`sessions`). Unknown id 404, bad body 400 naming the field.
 */
export function camerasV5Routes({
  cameras,
  sessions,
}: {
  cameras: CameraService;
  sessions?: SessionRegistry | undefined;
}) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(CAMERAS_PATH, async () => ({ items: cameras.list() }) satisfies CamerasAnswer);
    app.get<CameraParams>(
      CAMERA_ROUTE,
      async (request) => ({ item: cameras.get(request.params.cameraId) }) satisfies CameraAnswer,
    );
    app.patch<CameraParams>(CAMERA_ROUTE, async (request) => {
      const body = parseBody(CameraConfigBodySchema, request.body);
      const item = cameras.edit(request.params.cameraId, body.config);
      if (!item.enabled) sessions?.closeCamera(item.id);
      return { item } satisfies CameraAnswer;
    });
  };
}

/**
 * The camera v1 base (`/api/cameras/v1`, spec §7): `GET /live/mjpeg/{cameraId}`, the camera's
 * frames as `multipart/x-mixed-replace` with a fixed boundary until the client goes (at most
 * {@link MJPEG_LIMITS} streams, and 2 of a camera per session (`session-hold.ts`),
 * beyond that 429 TOO_MANY_STREAMS; held under the session in `sessions`, so its end closes it), and `GET
 * /live/snapshot/{cameraId}` (our addition), one JPEG for a preview from `snapshots` (reused for
 * 1 s, bounded: 429 TOO_MANY_STREAMS when none can be taken in time; its ETag names the snapshot
 * taken). Unknown or disabled camera 404.
 * In demo mode `POST /demo/doorbell` (no body) presses the simulated doorbell button, and `POST
 * /demo/cameras/{cameraId}/stall` (body `{ms}`) stalls a simulated camera.
 */
export function camerasRoutes({
  cameras,
  doorbell,
  stall,
  limiter = new StreamLimiter(MJPEG_LIMITS.perCamera, MJPEG_LIMITS.total),
  snapshots = new Snapshots(cameras),
  sessions,
}: {
  cameras: CameraService;
  /** What each session holds open: a stream is registered there (lock, logout, revoke end it). */
  sessions?: SessionRegistry | undefined;
  /** Demo only: the simulated doorbell button; `POST /demo/doorbell` presses it (absent = no such route). */
  doorbell?: { press(): void } | undefined;
  /** Demo only: stalls a simulated camera for `ms`; `POST /demo/cameras/{cameraId}/stall` calls it (absent = no such route). @throws HubError NOT_FOUND */
  stall?: ((cameraId: string, ms: number) => void) | undefined;
  limiter?: StreamLimiter;
  /** The snapshots, reused and bounded (snapshots.ts). */
  snapshots?: Snapshots;
}) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get<CameraParams>(MJPEG_ROUTE, async (request, reply) => {
      const source = cameras.frames(request.params.cameraId);
      await source.ready?.();
      checkSessionStreams(sessions, request, request.params.cameraId);
      const release = limiter.acquire(request.params.cameraId);
      if (!release) throw new HubError("TOO_MANY_STREAMS", "too many live streams of this camera are open");
      holdForSession(sessions, request, reply, { kind: "mjpeg", camera: request.params.cameraId });
      reply.header("Cache-Control", "no-store").header("X-Accel-Buffering", "no").type(MJPEG_CONTENT_TYPE);
      return reply.send(mjpegStream(source, release));
    });
    app.get<CameraParams>(SNAPSHOT_ROUTE, async (request, reply) => {
      const snapshot = await snapshots.get(request.params.cameraId);
      return reply
        .header("Cache-Control", "no-store")
        .header("ETag", snapshot.etag)
        .type("image/jpeg")
        .send(snapshot.jpeg);
    });
    if (doorbell) {
      app.post(DEMO_DOORBELL_PATH, async () => {
        doorbell.press();
        return { item: { pressed: true } };
      });
    }
    if (stall) {
      app.post<CameraParams>(DEMO_CAMERA_STALL_ROUTE, async (request) => {
        const body = parseBody(DemoCameraStallBodySchema, request.body);
        stall(request.params.cameraId, body.ms);
        return { item: { stalledMs: body.ms } } satisfies DemoCameraStallAnswer;
      });
    }
  };
}

/**
 * Routes of the camera domain on the general API bases (spec §7 `POST config/cameras/reload`):
 * the cameras' config published again and answered as `{items: Camera[]}`.
 */
export function camerasConfigRoutes({ cameras }: { cameras: CameraService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(CAMERAS_RELOAD_PATH, async () => ({ items: cameras.reload() }) satisfies CamerasAnswer);
  };
}
