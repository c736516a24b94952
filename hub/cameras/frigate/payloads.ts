import * as v from "valibot";
import type { Recording } from "../../../contract/camera-controls";
import { PROTOTYPE_NAMES } from "../../../contract/sensors";
import { FrigateCameraNameSchema } from "./config";

/** The prefix of a Frigate event's recording id: `frigate-<event id>`. */
export const FRIGATE_ID_PREFIX = "frigate-";

/**
 * A Frigate event id (`<start time>-<6 random letters and digits>`, e.g. `1607123955.475377-mxklsc`,
 * frigate/track/tracked_object.py): lower-case letters, digits, `.`, `_` and `-`, at most 71 characters so
 * that `frigate-<id>` is a recording id (contract/camera-controls.ts RecordingIdSchema).
 */
export const FrigateEventIdSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9][a-z0-9._-]{0,70}$/, "is not a Frigate event id (lower-case letters, digits, '.', '_', '-')"),
);

/**
 * The fields of a Frigate event the hub reads, as both `<base>/events` (`before` / `after`, docs "MQTT")
 * and `GET /api/events` / `GET /api/events/<id>` (frigate/api/event.py) carry them; other fields are ignored.
 * Times are epoch seconds; `end_time` null while the object is still tracked. `retain_indefinitely`
 * comes only from the HTTP API.
 */
export const FrigateEventSchema = v.object({
  id: FrigateEventIdSchema,
  camera: FrigateCameraNameSchema,
  label: v.pipe(v.string(), v.maxLength(100)),
  start_time: v.pipe(v.number(), v.finite(), v.minValue(0)),
  end_time: v.optional(v.nullable(v.pipe(v.number(), v.finite(), v.minValue(0))), null),
  has_clip: v.optional(v.boolean(), false),
  has_snapshot: v.optional(v.boolean(), false),
  false_positive: v.optional(v.nullable(v.boolean()), false),
  retain_indefinitely: v.optional(v.boolean()),
});
export type FrigateEvent = v.InferOutput<typeof FrigateEventSchema>;

/** `<base>/events`: `{type: new|update|end, before, after}` (docs/docs/integrations/mqtt.md "frigate/events"). */
export const FrigateEventMessageSchema = v.object({
  type: v.picklist(["new", "update", "end"]),
  after: FrigateEventSchema,
});
export type FrigateEventMessage = v.InferOutput<typeof FrigateEventMessageSchema>;

/** `<base>/reviews`: `{type, before, after: {id, camera, data: {detections: [event id…]}}}` (docs "frigate/reviews"). */
export const FrigateReviewMessageSchema = v.object({
  type: v.picklist(["new", "update", "end", "genai"]),
  after: v.object({
    id: v.pipe(v.string(), v.maxLength(100)),
    camera: FrigateCameraNameSchema,
    data: v.object({ detections: v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(500)) }),
  }),
});
export type FrigateReviewMessage = v.InferOutput<typeof FrigateReviewMessageSchema>;

/** Most cameras a `<base>/stats` message may name (a household's Frigate has a handful; more is refused). */
export const FRIGATE_STATS_MAX_CAMERAS = 256;

/**
 * `<base>/stats` (docs "MQTT": the data of `GET /api/stats`, every `mqtt.stats_interval`, 60 s by default;
 * frigate/stats/util.py `stats_snapshot`): the hub reads each camera's `cameras.<name>.camera_fps`, the
 * frames per second Frigate takes from the camera's stream (0 while the stream is down); every other field
 * is ignored. At most {@link FRIGATE_STATS_MAX_CAMERAS} cameras; a camera's `camera_fps` must be a finite
 * number ≥ 0.
 */
export const FrigateStatsSchema = v.object({
  cameras: v.pipe(
    v.record(
      v.pipe(v.string(), v.maxLength(100)),
      v.object({ camera_fps: v.pipe(v.number(), v.finite(), v.minValue(0)) }),
    ),
    v.check(
      (cameras) => Object.keys(cameras).length <= FRIGATE_STATS_MAX_CAMERAS,
      `names over ${FRIGATE_STATS_MAX_CAMERAS} cameras`,
    ),
  ),
});
export type FrigateStats = v.InferOutput<typeof FrigateStatsSchema>;

/**
 * Reads a `<base>/stats` payload with {@link FrigateStatsSchema} (as {@link readFrigate}), also refusing
 * a `cameras` that is an array (which a record schema would read as an object).
 */
export function readFrigateStats(value: unknown): { ok: true; value: FrigateStats } | { ok: false; reason: string } {
  const cameras = value !== null && typeof value === "object" ? (value as { cameras?: unknown }).cameras : undefined;
  if (Array.isArray(cameras)) return { ok: false, reason: "cameras: is an array, not an object of cameras" };
  return readFrigate(FrigateStatsSchema, value);
}

/** `GET /api/events` answers a list of events (at most the `limit` asked for). */
export const FrigateEventListSchema = v.pipe(v.array(v.unknown()), v.maxLength(1000));

/** True when `value` holds a `__proto__`, `constructor` or `prototype` key at any depth (beyond `depth` levels: true). */
export function hasPrototypeKey(value: unknown, depth = 32): boolean {
  if (value === null || typeof value !== "object") return false;
  if (depth < 0) return true;
  if (Array.isArray(value)) return value.some((item) => hasPrototypeKey(item, depth - 1));
  for (const key of Object.keys(value)) {
    if (PROTOTYPE_NAMES.has(key) || hasPrototypeKey((value as Record<string, unknown>)[key], depth - 1)) return true;
  }
  return false;
}

/**
 * Reads `value` with `schema`, refusing prototype keys: the value, or why it was refused (one line
 * naming the first bad field, never the value).
 */
export function readFrigate<T extends v.GenericSchema>(
  schema: T,
  value: unknown,
): { ok: true; value: v.InferOutput<T> } | { ok: false; reason: string } {
  if (hasPrototypeKey(value)) return { ok: false, reason: "has a __proto__/constructor/prototype key" };
  const result = v.safeParse(schema, value);
  if (result.success) return { ok: true, value: result.output };
  const issue = result.issues[0];
  const path = issue.path?.map((item) => String(item.key)).join(".") ?? "";
  return { ok: false, reason: `${path === "" ? "payload" : path}: ${issue.message.slice(0, 120)}` };
}

/**
 * A Frigate event as a recording of camera `cameraId` (spec §3, §7): id `frigate-<event id>`,
 * `startedAt` its start, `durationMs` to its end (to `nowMs` while it is in progress), `bytes` 0 (Frigate
 * keeps the clip), `locked` = Frigate's `retain_indefinitely` (`locked` when the event does not say),
 * `media: "mp4"`, `snapshot` = `has_snapshot`, `label` the object seen (`person`, `car`…).
 */
export function recordingOf(event: FrigateEvent, cameraId: string, locked: boolean, nowMs: number): Recording {
  const endMs = event.end_time === null ? nowMs : event.end_time * 1000;
  const startMs = event.start_time * 1000;
  return {
    id: `${FRIGATE_ID_PREFIX}${event.id}`,
    cameraId,
    startedAt: new Date(startMs).toISOString(),
    durationMs: Math.max(0, Math.round(endMs - startMs)),
    bytes: 0,
    locked: event.retain_indefinitely ?? locked,
    media: "mp4",
    snapshot: event.has_snapshot,
    label: event.label,
  };
}
