import type { ApiClient } from "../../lib/api/client";
import {
  GPS_NOTIFICATIONS_PATH,
  GpsNotificationsAnswerSchema,
  GpsTrackAnswerSchema,
  gpsTrackPath,
  type TrackPoint,
} from "../../../contract/gps";
import { SETTINGS_PATH, SettingAnswerSchema } from "../../../contract/settings";

/** GET /gps/{tracker}/track?hours= on the general base: the stored track, oldest first. Rejects with ApiError. */
export async function fetchTrack(general: ApiClient, tracker: string, hours: number): Promise<TrackPoint[]> {
  return (await general.get(gpsTrackPath(tracker, hours), { schema: GpsTrackAnswerSchema })).data.items;
}

/** POST /gps/notifications `{state}` (spec §7): resolves with the stored state. Rejects with ApiError. */
export async function postNotifications(general: ApiClient, state: boolean): Promise<boolean> {
  return (await general.post(GPS_NOTIFICATIONS_PATH, { json: { state }, schema: GpsNotificationsAnswerSchema })).data
    .item.state;
}

/** PATCH /settings `{key: "gpsTileUrl", value}` on the auth base: the map's tile URL (null = none). Rejects with ApiError (400 naming value). */
export async function saveTileUrl(auth: ApiClient, value: string | null): Promise<void> {
  await auth.patch(SETTINGS_PATH, { json: { key: "gpsTileUrl", value }, schema: SettingAnswerSchema });
}
