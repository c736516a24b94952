import type { FastifyInstance } from "fastify";
import { RTC_ROUTE, RtcOfferBodySchema, type RtcAnswer } from "../../../src/shared/contract/cameras";
import { parseBody } from "../../http/body";
import type { RtcService } from "./service";

type RtcParams = { Params: { cameraId: string; stream: string } };

/**
 * `POST /live/rtc/{cameraId}/{stream}` on the camera v5 base (spec §7, docs/contract.md "Cameras"):
 * body `{sdp}` (the browser's SDP offer, {@link RtcOfferBodySchema}) → `{item: {sdp}}`, the complete
 * SDP answer (non-trickle: every candidate in it). Unknown or disabled camera, unknown stream 404;
 * bad body 400 naming the field; too many connections 429 TOO_MANY_STREAMS; a go2rtc camera whose
 * gateway fails 409 DEVICE_UNREACHABLE.
 */
export function rtcRoutes({ rtc }: { rtc: RtcService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post<RtcParams>(RTC_ROUTE, async (request) => {
      rtc.check(request.params.cameraId, request.params.stream);
      const body = parseBody(RtcOfferBodySchema, request.body);
      return { item: { sdp: await rtc.answer(request.params.cameraId, request.params.stream, body.sdp) } } satisfies RtcAnswer;
    });
  };
}
