import * as v from "valibot";
import { SwitchesListValueSchema } from "../../../contract/settingValues";
import type { SettingKey } from "../../../contract/settings";
import { commandAtom } from "../../platform/commands";
import { configAtom } from "../../platform/config";
import { SENSORS_NOTIFY_PATH } from "../../../contract/settingValues";
import { notifySensors, patchSetting, SETTINGS_PATH } from "./api";

/** What saveSettingCommand sends: a setting key, its new value, and ids to remove (tempWatchdog). */
export type SettingSave = { key: SettingKey; value: unknown; idsToRemove?: readonly string[] };

/** Pending-mark target of a save of setting `key`: 'setting:dashboardSwitches'. */
export function settingTarget(key: SettingKey): string {
  return `setting:${key}`;
}

/**
 * Saves a household setting (spec §7 `PATCH /settings`; DESIGN §4a command). Screens follow the
 * retained `settings/<key>` the hub publishes (home and car dashboard at once, no reload); a saved
 * `switchesList` also replaces the groups of the loaded config, as `GET /config` would now answer.
 * A refusal toasts 'Nie udało się zapisać zmiany' and the outcome carries the hub's error, whose
 * message names the field. Offline nothing is sent.
 */
export const saveSettingCommand = commandAtom<SettingSave, unknown>({
  target: ({ key }) => settingTarget(key),
  request: () => ({ method: "PATCH", path: SETTINGS_PATH }),
  failureKey: "menu.failed",
  run: async ({ api, set }, { key, value, idsToRemove }) => {
    const stored = await patchSetting(api.auth, key, value, idsToRemove);
    if (key === "switchesList") {
      const groups = v.safeParse(SwitchesListValueSchema, stored);
      if (groups.success) set(configAtom, (config) => (config ? { ...config, switchesList: groups.output } : config));
    }
    return stored;
  },
});

/**
 * 'Sprawdź teraz' of the watchdogs' editor (spec §7 `POST config/sensors/notify`; DESIGN §4a command),
 * pending under `watchdogs:check`: the hub judges the last readings again; resolves with the alerts
 * active now (`<watchdog>/<rule id>`). Failure: the commands' generic toast.
 */
export const checkWatchdogsCommand = commandAtom<void, string[]>({
  target: () => "watchdogs:check",
  request: () => ({ method: "POST", path: SENSORS_NOTIFY_PATH }),
  run: ({ api }) => notifySensors(api.general),
});
