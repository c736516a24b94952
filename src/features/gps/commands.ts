import { GPS_NOTIFICATIONS_PATH } from "../../../contract/gps";
import { SETTINGS_PATH } from "../../../contract/settings";
import { commandAtom } from "../../platform/commands";
import { postNotifications, saveTileUrl } from "./api";

/**
 * Turns the hub's "cat left home" notifications on or off (spec §7 `POST /gps/notifications`; DESIGN
 * §4a command): refused offline or locked; the switch follows the retained `gps/notifications`
 * the hub publishes, never assumed. Failure toasts 'Nie udało się zapisać powiadomień'.
 */
export const setGpsNotificationsCommand = commandAtom<boolean, boolean>({
  target: () => "gps:notifications",
  request: () => ({ method: "POST", path: GPS_NOTIFICATIONS_PATH }),
  failureKey: "gps.notificationsFailed",
  run: ({ api }, state) => postNotifications(api.general, state),
});

/**
 * Saves the map's tile URL (setting `gpsTileUrl`; null or "" = none) with PATCH /settings. The
 * map follows `settings/gpsTileUrl` on the live channel. Failure toasts 'Nie udało się zapisać adresu kafelków'.
 */
export const saveTileUrlCommand = commandAtom<string | null, void>({
  target: () => "gps:tileUrl",
  request: () => ({ method: "PATCH", path: SETTINGS_PATH }),
  failureKey: "gps.tileUrlFailed",
  run: ({ api }, value) => saveTileUrl(api.auth, value === "" ? null : value),
});
