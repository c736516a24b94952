import type { FastifyInstance } from "fastify";
import { LIVE_STREAMS_PATH, type LiveStreamsAnswer } from "../../contract/cameras";
import type { SessionRegistry } from "../core/session-registry";
import type { CameraService } from "./service";

/**
 * `GET /live/streams` on the camera v1 base (docs/contract.md "Cameras", our addition): the streams
 * the hub serves now, as the sessions hold them (`sessions`): `{item: {total: {mjpeg, hls, rtc,
 * playback}, cameras: [{id, mjpeg, hls, rtc}]}}`, every household camera in household order (0 when
 * it has none). Without a registry (a route tested alone) every count is 0.
 */
export function liveStreamsRoutes({
  cameras,
  sessions,
}: {
  cameras: CameraService;
  sessions?: SessionRegistry | undefined;
}) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(LIVE_STREAMS_PATH, async () => {
      const counts = sessions?.counts();
      const { live: _live, ...total } = counts?.kinds ?? { live: 0, mjpeg: 0, hls: 0, rtc: 0, playback: 0 };
      return {
        item: {
          total,
          cameras: cameras.ids().map((id) => {
            const camera = counts?.cameras.get(id);
            return { id, mjpeg: camera?.mjpeg ?? 0, hls: camera?.hls ?? 0, rtc: camera?.rtc ?? 0 };
          }),
        },
      } satisfies LiveStreamsAnswer;
    });
  };
}
