import * as v from "valibot";
import type { Atom } from "jotai";
import { SETTING_VALUE_SCHEMAS, WatchdogAlertSchema, type WatchdogAlert } from "../../../contract/settingValues";
import type { SettingKey } from "../../../contract/settings";
import { liveFamily } from "../../platform/live/family";

const settings = liveFamily({ pattern: "settings/+", schema: v.unknown(), map: (value) => value });

/** Values of each setting key, as their schemas output them. */
export type SettingValues = { [K in SettingKey]: v.InferOutput<(typeof SETTING_VALUE_SCHEMAS)[K]> };

/**
 * A live value of setting `key` (`settings/<key>`, retained by the hub) validated with the key's
 * schema; null while none has arrived (`raw` null) or when it is not a valid value.
 */
export function parseSettingValue<K extends SettingKey>(key: K, raw: unknown): SettingValues[K] | null {
  if (raw === null || raw === undefined) return null;
  const parsed = v.safeParse(SETTING_VALUE_SCHEMAS[key], raw);
  return parsed.success ? (parsed.output as SettingValues[K]) : null;
}

/** The atom of setting `key`'s raw live value (see parseSettingValue); null until one arrives. */
export function settingAtom(key: SettingKey): Atom<unknown> {
  return settings(key);
}

const alerts = liveFamily({ pattern: "alert/+/+", schema: WatchdogAlertSchema, map: (alert): WatchdogAlert => alert });

/** The state of watchdog rule `id` (`alert/<watchdog>/<id>`), null when none was published. */
export function watchdogAlertAtom(watchdog: "temp" | "weather", id: string): Atom<WatchdogAlert | null> {
  return alerts(watchdog, id);
}
