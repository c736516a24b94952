import type { FastifyInstance } from "fastify";
import {
  GPS_NOTIFICATIONS_PATH,
  GPS_TRACK_ROUTE,
  GpsNotificationsBodySchema,
  GpsTrackQuerySchema,
  type GpsNotificationsAnswer,
  type GpsTrackAnswer,
} from "../../contract/gps";
import { parseBody } from "../http/body";
import type { GpsService } from "./service";

/**
 * The GPS tracker's routes on the general base (spec §7; docs/contract.md "GPS"; shapes in
 * contract/gps.ts): `POST /gps/notifications` (body `{state: boolean}`, answer
 * `{item:{state}}`) and `GET /gps/{tracker}/track?hours=1..24` (answer `{items: TrackPoint[]}`,
 * oldest first; unknown tracker 404, bad `hours` 400 naming it).
 */
export function gpsRoutes({ gps }: { gps: GpsService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(GPS_NOTIFICATIONS_PATH, async (request) => {
      const body = parseBody(GpsNotificationsBodySchema, request.body);
      return { item: gps.setNotifications(body.state) } satisfies GpsNotificationsAnswer;
    });

    app.get<{ Params: { tracker: string } }>(GPS_TRACK_ROUTE, async (request) => {
      const query = parseBody(GpsTrackQuerySchema, { ...(request.query as Record<string, unknown>) });
      return { items: gps.track(request.params.tracker, query.hours) } satisfies GpsTrackAnswer;
    });
  };
}
