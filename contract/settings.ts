import * as v from "valibot";
import { itemOf } from "./envelope";

/** Path of the household settings on the authentication base (spec §7): PATCH. */
export const SETTINGS_PATH = "/settings";

/** Setting keys of spec §3 "Settings entries". */
export const SETTING_KEYS = [
  "garageLight",
  "dashboardSwitches",
  "carDashboardSwitches",
  "switchesList",
  "weatherWatchdog",
  "tempWatchdog",
  // Our addition: the GPS map's tile URL template, or null (contract/gps.ts GpsTileUrlSchema).
  "gpsTileUrl",
] as const;

/** A known setting key (spec §3); anything else is refused. */
export const SettingKeySchema = v.picklist(SETTING_KEYS);
/** One of SETTING_KEYS. */
export type SettingKey = v.InferOutput<typeof SettingKeySchema>;

/**
 * Body of `PATCH /settings` (spec §7): `value` is any JSON value (required: the hub refuses an
 * absent one; size and depth limits in docs/contract.md); `idsToRemove` removes array entries by
 * `id` or object keys from it.
 */
export const SettingsBodySchema = v.object({
  key: SettingKeySchema,
  value: v.unknown(),
  idsToRemove: v.optional(v.array(v.union([v.string(), v.number()]))),
});
export type SettingsBody = v.InferOutput<typeof SettingsBodySchema>;

/** `{item:{key, value}}`: the answer of `PATCH /settings` (the value stored and published). */
export const SettingAnswerSchema = itemOf(v.object({ key: SettingKeySchema, value: v.unknown() }));
export type SettingAnswer = v.InferOutput<typeof SettingAnswerSchema>;
