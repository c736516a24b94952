import type { FastifyInstance } from "fastify";
import { HLS_ROUTE } from "../../../src/shared/contract/cameras";
import type { HlsService } from "./service";

type HlsRequest = { Params: { cameraId: string; stream: string; file: string }; Querystring: Record<string, unknown> };

/**
 * `GET /live/hls/{cameraId}/{stream}/{file}` on the camera v1 base (contract `HLS_ROUTE`, issue 12),
 * behind the base's session guard like the other live routes (hls.js sends the session cookie):
 * the playlists and segments of {@link HlsService}. Unknown camera, stream or file 404; a camera
 * gateway that cannot be reached 409 DEVICE_UNREACHABLE.
 */
export function hlsRoutes({ hls }: { hls: HlsService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get<HlsRequest>(HLS_ROUTE, async (request, reply) => {
      const { cameraId, stream, file } = request.params;
      const answer = await hls.file(cameraId, stream, file, request.query);
      return reply.header("Cache-Control", answer.cacheControl).type(answer.contentType).send(answer.body);
    });
  };
}
