/**
 * Panels (DESIGN §8; docs/contract.md "Panels"): each browser that logs in is a panel with an id
 * and a name the household sets ('Tablet w kuchni', 'Samochód', 'Telefon Ani'), a profile (start
 * screen, layout, home, car buttons, screensaver, locked-down), the reports it sends (battery,
 * visibility, screen, last touch, screensaver state) and the commands the house sends it over the
 * live channel (navigate, camera popup, notification, reload, screen, lock). A command is delivered
 * only to the browser connections of the panel it addresses (the broker's rules) and is not carried
 * out when it is older than {@link PANEL_COMMAND_MAX_AGE_MS}.
 */
import * as v from "valibot";
import { CameraIdSchema } from "./cameras";
import { itemOf, itemsOf } from "./envelope";
import { AppUiSchema, DefaultRouteSchema } from "./preferences";

/** A panel that has not reported for this long is offline (milliseconds): 10 minutes. */
export const PANEL_OFFLINE_AFTER_MS = 10 * 60 * 1000;
/** A panel command older than this when it arrives is not carried out (milliseconds): 30 s. */
export const PANEL_COMMAND_MAX_AGE_MS = 30 * 1000;
/** How often a visible panel reports even when nothing changed (milliseconds): 60 s. */
export const PANEL_REPORT_EVERY_MS = 60 * 1000;
/** Most panels a household keeps: a new one past it takes the place of the panel seen longest ago. */
export const MAX_PANELS = 64;

/** A panel id: 8..40 lower-case letters, digits or `-` (the browser makes a random one at its first login). */
export const PanelIdSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9-]{8,40}$/, "must be 8-40 lower-case letters, digits or -"),
);
// eslint-disable-next-line no-control-regex
const NAME = /^[^\u0000-\u001f\u007f]+$/;
/** A panel's name as the household sets it: 1..60 characters, no control characters. */
export const PanelNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.maxLength(60),
  v.regex(NAME, "no control characters"),
);
/** A room a panel is in (its commands can address a room's panels): 1..60 characters. */
export const PanelRoomSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.maxLength(60),
  v.regex(NAME, "no control characters"),
);

/** A clock time of the night schedule, `HH:MM` 24 h, Europe/Warsaw. */
export const ClockTimeSchema = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM"));
/** Seconds of an idle stage: 0 = the stage is skipped; at most a day. */
const StageSecondsSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(86_400));

/**
 * Idle stages, seconds without a touch before each: the screensaver (large clock, date, outdoor
 * temperature, next calendar event), then dimmed, then black; 0 skips a stage.
 */
export const IdleStagesSchema = v.object({
  screensaverAfterS: StageSecondsSchema,
  dimAfterS: StageSecondsSchema,
  blackAfterS: StageSecondsSchema,
});
export type IdleStages = v.InferOutput<typeof IdleStagesSchema>;

/**
 * A panel's screensaver: `enabled`; day stages; a night schedule (`from`..`to`, may cross midnight)
 * with its own stages; the dimmed brightness 0.05..1; `wakeSensor`: a motion or occupancy sensor
 * (a household sensor name or an adopted device id) whose detection wakes the panel.
 */
export const ScreensaverSchema = v.object({
  enabled: v.boolean(),
  day: IdleStagesSchema,
  night: v.optional(v.object({ from: ClockTimeSchema, to: ClockTimeSchema, stages: IdleStagesSchema })),
  dimBrightness: v.pipe(v.number(), v.minValue(0.05), v.maxValue(1)),
  wakeSensor: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
});
export type Screensaver = v.InferOutput<typeof ScreensaverSchema>;

/** The screensaver of a new panel: off (a phone must not go black by itself); a wall tablet turns it on. */
export const DEFAULT_SCREENSAVER: Screensaver = {
  enabled: false,
  day: { screensaverAfterS: 120, dimAfterS: 600, blackAfterS: 1800 },
  dimBrightness: 0.2,
};

/** A home section's id as the dashboard's features declare them (`sensors`, `switches`, `devices`, …). */
const SectionIdSchema = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,39}$/, "must be a section id"));

/**
 * A panel's profile, edited on the panel or from another one: `startScreen` (an in-app path),
 * `layout` (standard or car), `home` (section ids in order; those left out are hidden; absent = the
 * app's order), `carButtons` (the car dashboard's buttons, ids in order; absent = the app's),
 * `screensaver`, and `lockedDown` (the menu and settings need the PIN; a hidden gesture plus the PIN
 * leaves it).
 */
export const PanelProfileSchema = v.object({
  startScreen: v.optional(DefaultRouteSchema),
  layout: v.optional(AppUiSchema),
  home: v.optional(v.pipe(v.array(SectionIdSchema), v.maxLength(40))),
  carButtons: v.optional(v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(200))), v.maxLength(12))),
  screensaver: v.optional(ScreensaverSchema, DEFAULT_SCREENSAVER),
  lockedDown: v.optional(v.boolean(), false),
});
export type PanelProfile = v.InferOutput<typeof PanelProfileSchema>;

/** What a panel's screen is doing: `awake`, the `screensaver` clock, `dim`, or `black`. */
export const ScreenStateSchema = v.picklist(["awake", "screensaver", "dim", "black"]);
export type ScreenState = v.InferOutput<typeof ScreenStateSchema>;

/**
 * A panel's report (`POST /panels/{id}/report`, published retained on `panel/<id>/state`): the
 * battery level 0..100 % and whether it charges (Battery Status API, or Fully Kiosk's API; absent
 * where the browser has neither), whether the page is visible, its current screen (in-app path),
 * when it was last touched (ISO 8601) and its screen state. `at` (ISO 8601) is set by the hub when it
 * stores the report.
 */
export const PanelReportSchema = v.object({
  battery: v.optional(v.object({ level: v.pipe(v.number(), v.minValue(0), v.maxValue(100)), charging: v.boolean() })),
  visible: v.boolean(),
  screen: DefaultRouteSchema,
  lastTouchAt: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  screenState: ScreenStateSchema,
});
export type PanelReport = v.InferOutput<typeof PanelReportSchema>;

/**
 * What `panel/<id>/state` holds (retained): the panel's last report with the hub's `at` (ISO 8601) and
 * whether the panel is `online` (reported within {@link PANEL_OFFLINE_AFTER_MS}); republished with
 * `online: false` when a panel goes quiet, so menus and automations see it.
 */
export const PanelStateSchema = v.object({
  ...PanelReportSchema.entries,
  at: v.pipe(v.string(), v.isoTimestamp()),
  online: v.boolean(),
});
export type PanelState = v.InferOutput<typeof PanelStateSchema>;

/**
 * A panel as the menu lists it: id, name, room, profile, its last report (with `at`), when it was
 * last seen (ISO 8601: its last report or login) and `online` (seen within {@link PANEL_OFFLINE_AFTER_MS}).
 */
export const PanelSchema = v.object({
  id: PanelIdSchema,
  name: PanelNameSchema,
  room: v.optional(PanelRoomSchema),
  profile: PanelProfileSchema,
  lastSeenAt: v.pipe(v.string(), v.isoTimestamp()),
  online: v.boolean(),
  report: v.nullable(v.object({ ...PanelReportSchema.entries, at: v.pipe(v.string(), v.isoTimestamp()) })),
});
export type Panel = v.InferOutput<typeof PanelSchema>;

/**
 * A command to a panel: `navigate` to an in-app path; `camera` popup of `cameraId` for `seconds`;
 * `notify` with `text`, a `sound` and, when `speak`, read aloud in the panel's language (speech
 * synthesis); `reload`; `screen` dim, off (black) or wake; `lock` the session (the PIN keypad).
 */
export const PanelCommandBodySchema = v.variant("type", [
  v.strictObject({ type: v.literal("navigate"), to: DefaultRouteSchema }),
  v.strictObject({
    type: v.literal("camera"),
    cameraId: CameraIdSchema,
    seconds: v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(600)),
  }),
  v.strictObject({
    type: v.literal("notify"),
    text: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(300), v.regex(NAME, "no control characters")),
    sound: v.optional(v.boolean(), true),
    speak: v.optional(v.boolean(), false),
  }),
  v.strictObject({ type: v.literal("reload") }),
  v.strictObject({ type: v.literal("screen"), mode: v.picklist(["dim", "off", "wake"]) }),
  v.strictObject({ type: v.literal("lock") }),
]);
export type PanelCommandBody = v.InferOutput<typeof PanelCommandBodySchema>;

/** Whom a command goes to: one panel, a room's panels, or every panel. */
export const PanelTargetSchema = v.variant("to", [
  v.strictObject({ to: v.literal("panel"), panelId: PanelIdSchema }),
  v.strictObject({ to: v.literal("room"), room: PanelRoomSchema }),
  v.strictObject({ to: v.literal("all") }),
]);
export type PanelTarget = v.InferOutput<typeof PanelTargetSchema>;

/**
 * A command as delivered on `panel/<id>/command` (not retained, QoS 1): a unique `id`, the hub's time
 * `at` (epoch ms; a panel whose clock-corrected now is more than {@link PANEL_COMMAND_MAX_AGE_MS} past
 * it ignores it) and the command.
 */
export const PanelCommandSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,60}$/)),
  at: v.pipe(v.number(), v.integer(), v.minValue(0)),
  command: PanelCommandBodySchema,
});
export type PanelCommand = v.InferOutput<typeof PanelCommandSchema>;

/**
 * The topic of a panel's commands: `panel/<id>/command` on the hub's embedded broker (it forwards them
 * only to the browser connections of the panel's session), `panel/<channel>/command` on a household
 * Mosquitto (its rule `pattern read panel/%c/command` delivers them only to the client whose MQTT client
 * id is the panel's {@link PanelCommandChannelSchema command channel}).
 */
export function panelCommandTopic(idOrChannel: string): string {
  return `panel/${idOrChannel}/command`;
}

/**
 * A panel's command channel on a household Mosquitto: `c-` and 32 hex digits (128 random bits), the MQTT
 * client id its browser connects with. The hub makes one each time the panel is bound to another session,
 * hands it only to that session (the register answer's `mqttClientId`) and forgets it when the session is
 * revoked; it is a secret, since whoever connects with it reads the panel's commands.
 */
export const PanelCommandChannelSchema = v.pipe(
  v.string(),
  v.regex(/^c-[0-9a-f]{32}$/, "must be c- and 32 hex digits"),
);
/** The retained topic of panel `id`'s last report ({@link PanelReportSchema} with `at`), for automations and menus. */
export function panelStateTopic(id: string): string {
  return `panel/${id}/state`;
}
/** The retained topic that changes when the list of panels or a panel's name, room or profile changes: `{revision, at}`. */
export const PANELS_REVISION_TOPIC = "panels/revision";

/** `GET /panels` on the general base: `{items: Panel[]}` (the household's panels, by name). */
export const PANELS_PATH = "/panels";
/**
 * `POST /panels/register` `{id, name?}`: this session's browser is panel `id` (made when new, named `name` or a
 * default); answers `{item: Panel & {mqttClientId?}}` ({@link PanelRegisterAnswerSchema}).
 */
export const PANEL_REGISTER_PATH = "/panels/register";
/** `PATCH /panels/{id}` `{name?, room? (null clears), profile?}` and `DELETE /panels/{id}`. */
export const PANEL_ROUTE = "/panels/:panelId";
/** `POST /panels/{id}/report` with a {@link PanelReportSchema}: 204. Only the panel's own session may report for it. */
export const PANEL_REPORT_ROUTE = "/panels/:panelId/report";
/** `POST /panels/commands` `{target, command}`: 202 `{item: {sent: number}}` (the panels it went to). */
export const PANEL_COMMANDS_PATH = "/panels/commands";

/** The path of panel `id` (URL-encoded). */
export function panelPath(id: string): string {
  return `/panels/${encodeURIComponent(id)}`;
}
/** The path of panel `id`'s report (URL-encoded). */
export function panelReportPath(id: string): string {
  return `/panels/${encodeURIComponent(id)}/report`;
}

export const PanelRegisterBodySchema = v.strictObject({ id: PanelIdSchema, name: v.optional(PanelNameSchema) });
export const PanelPatchBodySchema = v.strictObject({
  name: v.optional(PanelNameSchema),
  room: v.optional(v.nullable(PanelRoomSchema)),
  profile: v.optional(PanelProfileSchema),
});
export type PanelPatchBody = v.InferOutput<typeof PanelPatchBodySchema>;
export const PanelCommandsBodySchema = v.strictObject({ target: PanelTargetSchema, command: PanelCommandBodySchema });
export type PanelCommandsBody = v.InferOutput<typeof PanelCommandsBodySchema>;
export const PanelAnswerSchema = itemOf(PanelSchema);
/**
 * The register answer: the panel and, on a household Mosquitto only, `mqttClientId`, the panel's command
 * channel ({@link PanelCommandChannelSchema}): the browser connects its live channel with that MQTT client id
 * to receive its commands (one tab of the browser at a time; the others connect with a random one).
 */
export const PanelRegisterAnswerSchema = itemOf(
  v.object({ ...PanelSchema.entries, mqttClientId: v.optional(PanelCommandChannelSchema) }),
);
export const PanelsAnswerSchema = itemsOf(PanelSchema);
export const PanelCommandsAnswerSchema = itemOf(v.object({ sent: v.pipe(v.number(), v.integer(), v.minValue(0)) }));

/** What a panel can be pushed about (Web Push): the doorbell, the gate or garage left open, a leak or smoke alarm. */
export const PUSH_CATEGORIES = ["doorbell", "gate", "garage", "leak", "smoke"] as const;
export const PushCategorySchema = v.picklist(PUSH_CATEGORIES);
export type PushCategory = v.InferOutput<typeof PushCategorySchema>;

/** `GET /push/key`: `{item: {publicKey}}`, the hub's VAPID public key (base64url, uncompressed P-256 point). */
export const PUSH_KEY_PATH = "/push/key";
/** `PUT /panels/{id}/push` `{subscription, categories}` (the browser's PushSubscription JSON) and `DELETE` to stop. */
export const PANEL_PUSH_ROUTE = "/panels/:panelId/push";
/** The path of panel `id`'s push subscription (URL-encoded). */
export function panelPushPath(id: string): string {
  return `/panels/${encodeURIComponent(id)}/push`;
}
/** A browser's PushSubscription as `toJSON()` gives it: an https endpoint and its `p256dh` and `auth` keys. */
export const PushSubscriptionSchema = v.object({
  endpoint: v.pipe(v.string(), v.url(), v.maxLength(2000)),
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({
    p256dh: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{80,100}$/, "must be a base64url P-256 key")),
    auth: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,32}$/, "must be a base64url auth secret")),
  }),
});
export const PanelPushBodySchema = v.strictObject({
  subscription: PushSubscriptionSchema,
  categories: v.pipe(v.array(PushCategorySchema), v.maxLength(PUSH_CATEGORIES.length)),
});
export type PanelPushBody = v.InferOutput<typeof PanelPushBodySchema>;
/**
 * A push message's payload (decrypted by the service worker): `title`, `body`, `category`, the in-app
 * path the notification opens (`url`, e.g. the camera view), a `tag` (a newer one replaces it) and
 * the hub's time `at` (epoch ms).
 */
export const PushPayloadSchema = v.object({
  category: PushCategorySchema,
  title: v.pipe(v.string(), v.maxLength(120)),
  body: v.pipe(v.string(), v.maxLength(300)),
  url: DefaultRouteSchema,
  tag: v.pipe(v.string(), v.maxLength(80)),
  at: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type PushPayload = v.InferOutput<typeof PushPayloadSchema>;
