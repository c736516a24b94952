/**
 * The preferences contract as the dashboard uses it: schemas and defaults come from the shared
 * contract (contract/preferences.ts), the one the hub stores and validates with.
 */
import { PreferencesAnswerSchema, type Preferences, type PreferencesPatch } from "../../../contract/preferences";

export {
  AppUiSchema,
  DEFAULT_PREFERENCES,
  LocaleSchema,
  PreferencesPatchSchema,
  ZoomStateSchema,
  type AppUi,
  type Locale,
  type Preferences,
  type PreferencesPatch,
  type ZoomState,
} from "../../../contract/preferences";

/**
 * `{item: Preferences}` answer of GET and PATCH /preferences on the auth base: every field optional
 * (merged into the current preferences, spec §7), unknown keys dropped.
 */
export const PreferencesResponseSchema = PreferencesAnswerSchema;

/** Merges a (partial) answer into current preferences; absent fields keep their value. */
export function mergePreferences(current: Preferences, patch: PreferencesPatch): Preferences {
  return {
    zoomState: patch.zoomState ?? current.zoomState,
    alerts: patch.alerts ?? current.alerts,
    appUi: patch.appUi ?? current.appUi,
    defaultRoute: patch.defaultRoute ?? current.defaultRoute,
    locale: patch.locale ?? current.locale,
  };
}
