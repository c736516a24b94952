/**
 * Camera controls and recordings (spec §3 "Recording: locked flag", §5, §6, §7 Cameras, §9; issue
 * 12; docs/contract.md "Cameras"): PTZ, night mode, the recordings of the camera v1 base with their
 * lock, the demo's motion trigger and the live topic that says a camera's recordings changed.
 */
import * as v from "valibot";
import { CameraIdSchema, CameraSchema, PTZ_DEFAULT_DURATION_MS } from "./cameras";
import { itemOf, itemsOf } from "./envelope";

/** Bounds of a PTZ move's `duration` (milliseconds): long enough to see, short enough to stop by itself. */
export const PTZ_DURATION_BOUNDS = { min: 50, max: 5_000 } as const;

/** One PTZ axis speed as ONVIF ContinuousMove gives it: -1..1 (negative left, down or out), 0 = still. */
const PtzAxisSchema = v.pipe(v.number(), v.finite(), v.minValue(-1), v.maxValue(1));

/** `POST /controls/ptz/{cameraId}` on the camera v1 base (spec §7). */
export const PTZ_ROUTE = "/controls/ptz/:cameraId";
/** The path of camera `id`'s PTZ move (URL-encoded). */
export function ptzPath(id: string): string {
  return `/controls/ptz/${encodeURIComponent(id)}`;
}

/**
 * Body of the PTZ move (spec §7 "body duration (default 250) plus movement fields", §9): the
 * movement fields are ONVIF ContinuousMove's velocity, `pan` (+ right), `tilt` (+ up) and `zoom`
 * (+ in), each -1..1 (default 0), at least one non-zero; the camera moves at that speed for
 * `duration` milliseconds (50..5000, default {@link PTZ_DEFAULT_DURATION_MS}) and stops by itself.
 */
export const PtzBodySchema = v.pipe(
  v.strictObject({
    duration: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(PTZ_DURATION_BOUNDS.min), v.maxValue(PTZ_DURATION_BOUNDS.max)),
      PTZ_DEFAULT_DURATION_MS,
    ),
    pan: v.optional(PtzAxisSchema, 0),
    tilt: v.optional(PtzAxisSchema, 0),
    zoom: v.optional(PtzAxisSchema, 0),
  }),
  v.forward(
    v.check((body) => body.pan !== 0 || body.tilt !== 0 || body.zoom !== 0, "one of pan, tilt, zoom must be non-zero"),
    ["pan"],
  ),
);
export type PtzBodyInput = v.InferInput<typeof PtzBodySchema>;
export type PtzBody = v.InferOutput<typeof PtzBodySchema>;
/** `{item: {id, pan, tilt, zoom, duration}}`: the move the camera started. */
export const PtzAnswerSchema = itemOf(
  v.object({ id: CameraIdSchema, pan: v.number(), tilt: v.number(), zoom: v.number(), duration: v.number() }),
);
export type PtzAnswer = v.InferOutput<typeof PtzAnswerSchema>;

/** `GET /controls/ptz/{cameraId}/presets` on the camera v1 base (our addition): the camera's PTZ presets, camera order. */
export const PTZ_PRESETS_ROUTE = "/controls/ptz/:cameraId/presets";
/** The path of camera `id`'s PTZ presets (URL-encoded). */
export function ptzPresetsPath(id: string): string {
  return `/controls/ptz/${encodeURIComponent(id)}/presets`;
}
/** `POST /controls/ptz/{cameraId}/presets/{presetToken}` (empty body): the camera goes to that preset (ONVIF GotoPreset). */
export const PTZ_PRESET_ROUTE = "/controls/ptz/:cameraId/presets/:presetToken";
/** The path of camera `id`'s preset `token` (URL-encoded). */
export function ptzPresetPath(id: string, token: string): string {
  return `/controls/ptz/${encodeURIComponent(id)}/presets/${encodeURIComponent(token)}`;
}
/** A PTZ preset token as ONVIF cameras write them: 1..64 of letters, digits, `_`, `.`, `:`, `-`. */
export const PtzPresetTokenSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_.:-]{1,64}$/, "must be 1-64 of letters, digits, '_', '.', ':' or '-'"),
);
/** A PTZ preset: `token` (what the go-to call takes) and `name` (what the camera calls it, up to 100 characters). */
export const PtzPresetSchema = v.object({ token: PtzPresetTokenSchema, name: v.pipe(v.string(), v.maxLength(100)) });
export type PtzPreset = v.InferOutput<typeof PtzPresetSchema>;
/** `{items: PtzPreset[]}`: empty when the camera has no presets (a demo camera, a camera without ONVIF). */
export const PtzPresetsAnswerSchema = itemsOf(PtzPresetSchema);
export type PtzPresetsAnswer = v.InferOutput<typeof PtzPresetsAnswerSchema>;
/** Its body: empty (`{}`, or none). */
export const PtzPresetBodySchema = v.strictObject({});
/** `{item: {id, token, name}}`: the preset the camera was sent to. */
export const PtzPresetAnswerSchema = itemOf(
  v.object({ id: CameraIdSchema, token: PtzPresetTokenSchema, name: v.string() }),
);
export type PtzPresetAnswer = v.InferOutput<typeof PtzPresetAnswerSchema>;

/** `POST controls/lights/nightmode/{cameraId}` on the camera v1 base (spec §6, §7). */
export const NIGHTMODE_ROUTE = "/controls/lights/nightmode/:cameraId";
/** The path of camera `id`'s night mode (URL-encoded). */
export function nightmodePath(id: string): string {
  return `/controls/lights/nightmode/${encodeURIComponent(id)}`;
}
/**
 * Body of the night mode call (spec §6 "Camera night mode is set by mode", §7 "body mode"): `mode`
 * is a boolean, `true` = the infrared night picture on. The spec carries night mode as a flag
 * everywhere else (the camera item's `nightmode`, `camera/config`'s `nightmode` beside the `motion`
 * and `sound` flags), so the mode set is that flag; the item's `nightmode` reads it back.
 */
export const NightmodeBodySchema = v.strictObject({ mode: v.boolean() });
export type NightmodeBody = v.InferOutput<typeof NightmodeBodySchema>;
/** The answer: the camera item as it is now (`{item: Camera}`, `item.nightmode` the mode set). */
export const NightmodeAnswerSchema = itemOf(CameraSchema);

/**
 * A recording id: 1..80 of lower-case letters, digits, `-`, `_` and `.`, beginning with a letter or
 * digit (the hub's own ids `rec-…`, an NVR's event ids such as Frigate's `1700000000.123456-abc123`
 * behind a prefix; safe in a path and a file name: no `/`, never `.` or `..` alone).
 */
export const RecordingIdSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9][a-z0-9._-]{0,79}$/, "must be 1-80 lower-case letters, digits, '-', '_' or '.'"),
);

/**
 * How a recording plays at `GET /recordings/{id}`: `mjpeg` = `multipart/x-mixed-replace` JPEG frames at
 * the recorded pace (the hub's own frame clips); `mp4` = a `video/mp4` file answering HTTP Range
 * requests (a clip ffmpeg copied from the camera's stream, or an NVR's clip proxied by the hub).
 */
export const RecordingMediaSchema = v.picklist(["mjpeg", "mp4"]);
export type RecordingMedia = v.InferOutput<typeof RecordingMediaSchema>;

/**
 * A recording (spec §3 "Recording: locked flag"): a short clip of camera `cameraId` that began at
 * `startedAt` (ISO 8601 UTC), `durationMs` long, `bytes` on disk (0 when an NVR keeps it and did not
 * say); `locked` keeps it from pruning and deletion. Our additions, optional for older hubs: `media`
 * (how it plays, default `mjpeg`), `snapshot` (a JPEG at {@link recordingSnapshotPath}, default
 * false) and `label` (what was seen, e.g. an NVR's object label `person`, or `motion`).
 */
export const RecordingSchema = v.object({
  id: RecordingIdSchema,
  cameraId: CameraIdSchema,
  startedAt: v.pipe(v.string(), v.isoTimestamp()),
  durationMs: v.pipe(v.number(), v.integer(), v.minValue(0)),
  bytes: v.pipe(v.number(), v.integer(), v.minValue(0)),
  locked: v.boolean(),
  media: v.optional(RecordingMediaSchema, "mjpeg"),
  snapshot: v.optional(v.boolean(), false),
  label: v.optional(v.pipe(v.string(), v.maxLength(100))),
});
export type Recording = v.InferOutput<typeof RecordingSchema>;

/** `GET /recordings?cameraId=` on the camera v1 base (our addition): the recordings, newest first; without `cameraId` every camera's. */
export const RECORDINGS_PATH = "/recordings";
/** The query of the recordings list: `cameraId` optional. */
export const RecordingsQuerySchema = v.strictObject({ cameraId: v.optional(CameraIdSchema) });
/** The list call's path for camera `cameraId` (URL-encoded). */
export function recordingsPath(cameraId: string): string {
  return `${RECORDINGS_PATH}?cameraId=${encodeURIComponent(cameraId)}`;
}
/** `{items: Recording[]}`, newest first. */
export const RecordingsAnswerSchema = itemsOf(RecordingSchema);
export type RecordingsAnswer = v.InferOutput<typeof RecordingsAnswerSchema>;

/** `GET /recordings/{id}` (playback: `multipart/x-mixed-replace` JPEG frames at the recorded pace) and `DELETE /recordings/{id}`. */
export const RECORDING_ROUTE = "/recordings/:recordingId";
/** The path of recording `id` (URL-encoded). */
export function recordingPath(id: string): string {
  return `/recordings/${encodeURIComponent(id)}`;
}
/** `DELETE /recordings/{id}`: `{item: {id}}`; a locked recording is refused with 409 RECORDING_LOCKED. */
export const RecordingDeletedAnswerSchema = itemOf(v.object({ id: RecordingIdSchema }));

/** `GET /recordings/{id}/snapshot.jpg` on the camera v1 base: the recording's still picture (`image/jpeg`); 404 when it has none. */
export const RECORDING_SNAPSHOT_ROUTE = "/recordings/:recordingId/snapshot.jpg";
/** The path of recording `id`'s snapshot (URL-encoded). */
export function recordingSnapshotPath(id: string): string {
  return `/recordings/${encodeURIComponent(id)}/snapshot.jpg`;
}

/** `PATCH /recordings/lock/{recordingId}` (spec §5, §7): empty body; toggles the lock. */
export const RECORDING_LOCK_ROUTE = "/recordings/lock/:recordingId";
/** The path of recording `id`'s lock toggle (URL-encoded). */
export function recordingLockPath(id: string): string {
  return `/recordings/lock/${encodeURIComponent(id)}`;
}
/** Its body: empty (`{}`, or none). */
export const RecordingLockBodySchema = v.strictObject({});
/** `{item: Recording}` after the toggle: the dashboard reads `item.locked` (spec §7). */
export const RecordingAnswerSchema = itemOf(RecordingSchema);
export type RecordingAnswer = v.InferOutput<typeof RecordingAnswerSchema>;

/**
 * `camera/recordings/<cameraId>` (not retained): a camera's recordings changed (a new one, a lock
 * toggled, pruned or deleted); the payload is the epoch milliseconds of the change. Open lists
 * fetch again.
 */
export const RECORDINGS_TOPIC_PATTERN = "camera/recordings/+";
/** The topic of camera `cameraId`'s recordings changes. */
export function recordingsTopic(cameraId: string): string {
  return `camera/recordings/${cameraId}`;
}
/** The payload of {@link RECORDINGS_TOPIC_PATTERN}: epoch milliseconds. */
export const RecordingsChangedSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/** `POST /demo/motion/{cameraId}` on the camera v1 base, demo mode with the simulator only: a motion event on that camera now (it records a clip). */
export const DEMO_MOTION_ROUTE = "/demo/motion/:cameraId";
/** The path of the demo motion trigger of camera `id`. */
export function demoMotionPath(id: string): string {
  return `/demo/motion/${encodeURIComponent(id)}`;
}
