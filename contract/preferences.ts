import * as v from "valibot";
import { itemOf } from "./envelope";

/** Path of the preferences resource on the authentication base (spec §7): GET and PATCH. */
export const PREFERENCES_PATH = "/preferences";

/** Zoom preference (spec §3, §4): "locked" disables pinch zoom. */
export const ZoomStateSchema = v.picklist(["locked", "unlocked"]);
/** Layout preference (spec §3): "car" puts a vertical bar on the right. */
export const AppUiSchema = v.picklist(["standard", "car"]);
/** The dashboard's languages (spec §3). */
export const LOCALES = ["pl", "en"] as const;
export const LocaleSchema = v.picklist(LOCALES);
/** The route the dashboard opens on (spec §3): an in-app path, starting with `/`, at most 200 characters. */
export const DefaultRouteSchema = v.pipe(v.string(), v.startsWith("/"), v.maxLength(200));

export type ZoomState = v.InferOutput<typeof ZoomStateSchema>;
export type AppUi = v.InferOutput<typeof AppUiSchema>;
export type Locale = v.InferOutput<typeof LocaleSchema>;

/** Each preference's schema (spec §3 "Preferences"). */
const FIELDS = {
  zoomState: ZoomStateSchema,
  alerts: v.boolean(),
  appUi: AppUiSchema,
  defaultRoute: DefaultRouteSchema,
  locale: LocaleSchema,
};

/** Preferences with every field (docs/contract.md "Preferences"). */
export type Preferences = {
  zoomState: ZoomState;
  alerts: boolean;
  appUi: AppUi;
  defaultRoute: string;
  locale: Locale;
};

/** Defaults (docs/contract.md): zoom unlocked, alerts on, standard layout, default route "/", Polish. */
export const DEFAULT_PREFERENCES: Readonly<Preferences> = {
  zoomState: "unlocked",
  alerts: true,
  appUi: "standard",
  defaultRoute: "/",
  locale: "pl",
};

/** Preferences with each absent field set to its default (how the hub reads its store). */
export const PreferencesSchema = v.object({
  zoomState: v.optional(FIELDS.zoomState, DEFAULT_PREFERENCES.zoomState),
  alerts: v.optional(FIELDS.alerts, DEFAULT_PREFERENCES.alerts),
  appUi: v.optional(FIELDS.appUi, DEFAULT_PREFERENCES.appUi),
  defaultRoute: v.optional(FIELDS.defaultRoute, DEFAULT_PREFERENCES.defaultRoute),
  locale: v.optional(FIELDS.locale, DEFAULT_PREFERENCES.locale),
});

const PARTIAL_ENTRIES = {
  zoomState: v.optional(FIELDS.zoomState),
  alerts: v.optional(FIELDS.alerts),
  appUi: v.optional(FIELDS.appUi),
  defaultRoute: v.optional(FIELDS.defaultRoute),
  locale: v.optional(FIELDS.locale),
};

/**
 * Any subset of the preferences, each valid; unknown keys dropped. The `item` of the answers (the
 * dashboard merges what it gets into its preferences, spec §7).
 */
export const PreferencesPatchSchema = v.object(PARTIAL_ENTRIES);
export type PreferencesPatch = v.InferOutput<typeof PreferencesPatchSchema>;

/**
 * Body of `PATCH /preferences`: `preferences` is any subset of the known keys, each valid; unknown
 * keys are refused here (a typo must not be silently dropped).
 */
export const PreferencesBodySchema = v.object({ preferences: v.strictObject(PARTIAL_ENTRIES) });
export type PreferencesBody = v.InferOutput<typeof PreferencesBodySchema>;

/** `{item: Preferences}`: the answer of GET and PATCH /preferences (the hub sends every field). */
export const PreferencesAnswerSchema = itemOf(PreferencesPatchSchema);
/** What the hub answers: every field. */
export type PreferencesAnswer = { item: Preferences };
