import type { FastifyInstance } from "fastify";
import { RTC_ROUTE, RtcOfferBodySchema, type RtcAnswer } from "../../../contract/cameras";
import type { SessionRegistry } from "../../core/session-registry";
import { parseBody } from "../../http/body";
import { sessionOf } from "../../http/session-guard";
import { checkSessionStreams } from "../session-hold";
import type { RtcService } from "./service";

type RtcParams = { Params: { cameraId: string; stream: string } };

/**
 * `POST /live/rtc/{cameraId}/{stream}` on the camera v5 base (spec §7, docs/contract.md "Cameras"):
 * body `{sdp}` (the browser's SDP offer, {@link RtcOfferBodySchema}) → `{item: {sdp}}`, the complete
 * SDP answer (non-trickle: every candidate in it). Unknown or disabled camera, unknown stream 404;
 * bad body 400 naming the field, an offer beyond what the hub answers (more than one video and one
 * audio m-line, not bundled) 400 `sdp: <rule>`; the offer's candidates are kept only at the
 * client's own address (`request.ip`); too many connections 429 TOO_MANY_STREAMS; a go2rtc camera whose
 * gateway fails 409 DEVICE_UNREACHABLE. A peer connection the hub holds (demo cameras) is
 * registered under the session in `sessions`: the session's end (lock, logout, revoke) closes it;
 * with the session's MJPEG streams of the camera at most 2 (429 TOO_MANY_STREAMS).
 */
export function rtcRoutes({ rtc, sessions }: { rtc: RtcService; sessions?: SessionRegistry | undefined }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post<RtcParams>(RTC_ROUTE, async (request) => {
      const { cameraId, stream } = request.params;
      rtc.check(cameraId, stream);
      const body = parseBody(RtcOfferBodySchema, request.body);
      checkSessionStreams(sessions, request, cameraId);
      const session = sessionOf(request).id;
      const hold = sessions
        ? (close: () => void) => sessions.add(session, close, { kind: "rtc", camera: cameraId })
        : undefined;
      return {
        item: { sdp: await rtc.answer(cameraId, stream, body.sdp, { from: request.ip, hold }) },
      } satisfies RtcAnswer;
    });
  };
}
