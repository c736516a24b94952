import type { FastifyInstance } from "fastify";
import { HLS_ROUTE } from "../../../contract/cameras";
import type { SessionRegistry } from "../../core/session-registry";
import { holdForSession } from "../session-hold";
import type { HlsService } from "./service";

type HlsRequest = { Params: { cameraId: string; stream: string; file: string }; Querystring: Record<string, unknown> };

/**
 * `GET /live/hls/{cameraId}/{stream}/{file}` on the camera v1 base (contract `HLS_ROUTE`),
 * behind the base's session guard like the other live routes (hls.js sends the session cookie):
 * the playlists and segments of {@link HlsService}. Unknown camera, stream or file 404; a camera
 * gateway that cannot be reached 409 DEVICE_UNREACHABLE; too many proxied files at once 429
 * TOO_MANY_STREAMS (a proxied file counts until its answer has been sent). Each answer is held under its session in
 * `sessions` while it is sent: the session's end (lock, logout, revoke) cuts it.
 */
export function hlsRoutes({ hls, sessions }: { hls: HlsService; sessions?: SessionRegistry | undefined }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get<HlsRequest>(HLS_ROUTE, async (request, reply) => {
      const { cameraId, stream, file } = request.params;
      holdForSession(sessions, request, reply, { kind: "hls", camera: cameraId });
      const answer = await hls.file(cameraId, stream, file, request.query);
      if (answer.done) {
        // A proxied file's slot is freed once its answer has been sent or the client has gone.
        if (reply.raw.closed) answer.done();
        else reply.raw.once("close", answer.done);
      }
      return reply.header("Cache-Control", answer.cacheControl).type(answer.contentType).send(answer.body);
    });
  };
}
