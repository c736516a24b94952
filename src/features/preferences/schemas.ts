import * as v from "valibot";

/** Zoom preference (spec §3, §4): "locked" disables pinch zoom. */
export const ZoomStateSchema = v.picklist(["locked", "unlocked"]);
/** Layout preference (spec §3): "car" puts a vertical bar on the right. */
export const AppUiSchema = v.picklist(["standard", "car"]);
export const LocaleSchema = v.picklist(["pl", "en"]);

/**
 * Preferences as the hub stores them (docs/contract.md): every field optional on the wire, merged into
 * {@link DEFAULT_PREFERENCES} (spec §7 "reads item; merged into preferences"); unknown keys dropped.
 */
export const PreferencesPatchSchema = v.object({
  zoomState: v.optional(ZoomStateSchema),
  alerts: v.optional(v.boolean()),
  appUi: v.optional(AppUiSchema),
  defaultRoute: v.optional(v.pipe(v.string(), v.maxLength(200))),
  locale: v.optional(LocaleSchema),
});

/** `{item: Preferences}` answer of GET and PATCH /preferences on the auth base. */
export const PreferencesResponseSchema = v.object({ item: PreferencesPatchSchema });

export type PreferencesPatch = v.InferOutput<typeof PreferencesPatchSchema>;
export type Preferences = Required<PreferencesPatch>;
export type AppUi = v.InferOutput<typeof AppUiSchema>;
export type ZoomState = v.InferOutput<typeof ZoomStateSchema>;
export type Locale = v.InferOutput<typeof LocaleSchema>;

/** Defaults (docs/contract.md): zoom unlocked, alerts on, standard layout, default route "/", Polish. */
export const DEFAULT_PREFERENCES: Preferences = {
  zoomState: "unlocked",
  alerts: true,
  appUi: "standard",
  defaultRoute: "/",
  locale: "pl",
};

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
