import type { ApiClient } from "../../lib/api/client";
import { SETTINGS_PATH, SettingAnswerSchema, type SettingKey, type SettingsBody } from "../../../contract/settings";
import { SENSORS_NOTIFY_PATH, SensorsNotifyAnswerSchema } from "../../../contract/settingValues";

/** Path of the household settings on the authentication base (spec §7). */
export { SETTINGS_PATH };

/**
 * `PATCH /settings` on the authentication base (spec §7): stores `value` under `key` (minus the
 * entries whose id is in `idsToRemove`, tempWatchdog). The hub publishes the stored value retained on
 * `settings/<key>`, which is how screens see it.
 * @returns the value the hub stored
 * Errors: ApiError; `BAD_REQUEST` with a message naming the field (`value.0.max: must be above min`).
 */
export async function patchSetting(
  auth: ApiClient,
  key: SettingKey,
  value: unknown,
  idsToRemove?: readonly string[],
): Promise<unknown> {
  const body: SettingsBody =
    idsToRemove && idsToRemove.length > 0 ? { key, value, idsToRemove: [...idsToRemove] } : { key, value };
  const result = await auth.patch(SETTINGS_PATH, { json: body, schema: SettingAnswerSchema });
  return result.data.item.value;
}

/**
 * `POST /config/sensors/notify` on the general base (spec §7): the hub's watchdogs re-read their
 * settings and judge the last readings again. On the task queue (spec §7), never retried.
 * @returns the alerts active now, as `<watchdog>/<rule id>` (`temp/balkon-max`, `weather/frost-outside`)
 * Errors: ApiError.
 */
export async function notifySensors(general: ApiClient): Promise<string[]> {
  const result = await general.post(SENSORS_NOTIFY_PATH, {
    queue: "task",
    json: {},
    schema: SensorsNotifyAnswerSchema,
  });
  return result.data.item.active;
}
