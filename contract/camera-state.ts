/**
 * The cameras' live topics (spec §3 "camera (heartbeat, state, config …)", DESIGN §3;
 * docs/contract.md "Camera state"): `camera/config` with the list of cameras, and per camera its
 * state (`camera/state/<cameraId>`) and its heartbeat (`camera/heartbeat/<cameraId>`), all retained,
 * published by the hub from the frames that really arrive from each camera.
 */
import * as v from "valibot";
import { CameraIdSchema } from "./cameras";

const IsoTimeSchema = v.pipe(v.string(), v.isoTimestamp());

/** `camera/config` (retained): the household's cameras with their motion, sound and night-mode flags; published at hub start and after every change. */
export const CAMERA_CONFIG_TOPIC = "camera/config";

/** One camera of `camera/config` (spec §3): id, motion (a motion event is on now), sound, nightmode. */
export const CameraConfigEntrySchema = v.object({
  id: CameraIdSchema,
  motion: v.boolean(),
  sound: v.boolean(),
  nightmode: v.boolean(),
});
/** The payload of `camera/config`: `{cameras: [{id, motion, sound, nightmode}]}`, household order. */
export const CameraConfigPayloadSchema = v.object({ cameras: v.array(CameraConfigEntrySchema) });
export type CameraConfigPayload = v.InferOutput<typeof CameraConfigPayloadSchema>;

/**
 * What a camera is doing, as the hub sees its frames:
 * - `online`: frames arrive from the camera;
 * - `no-signal`: the camera (or its gateway) answers but sends no frames, since `since`;
 * - `offline`: the hub cannot use the camera: `reason` `unreachable` (refused, an error status, not
 *   MJPEG), `disabled` (switched off in its settings) or `unsupported` (an RTSP camera on a hub without ffmpeg);
 * - `unknown`: the hub has no frames to watch for this camera (an HLS-only source).
 */
export const CAMERA_STATES = ["online", "no-signal", "offline", "unknown"] as const;
export type CameraStateName = (typeof CAMERA_STATES)[number];
/** Why a camera is `offline`. */
export const CAMERA_OFFLINE_REASONS = ["unreachable", "disabled", "unsupported"] as const;
export type CameraOfflineReason = (typeof CAMERA_OFFLINE_REASONS)[number];

/**
 * The payload of `camera/state/<cameraId>` (retained, published when the state, its reason or the
 * viewer count changes): `state`, `reason` (only with `offline`, else null), `since` (ISO-8601: when
 * this state began; for `no-signal` the last frame's time, or when the hub began to wait if it never
 * had one), `lastFrameAt` (ISO-8601 of the last frame the hub received from the camera, null when
 * none since the hub started), `viewers` (live streams the hub serves of this camera now: MJPEG
 * streams and the hub's own WebRTC connections) and `time` (when the hub published it).
 */
export const CameraStatePayloadSchema = v.object({
  state: v.picklist(CAMERA_STATES),
  reason: v.nullable(v.picklist(CAMERA_OFFLINE_REASONS)),
  since: IsoTimeSchema,
  lastFrameAt: v.nullable(IsoTimeSchema),
  viewers: v.pipe(v.number(), v.integer(), v.minValue(0)),
  time: IsoTimeSchema,
});
export type CameraStatePayload = v.InferOutput<typeof CameraStatePayloadSchema>;

/**
 * The payload of `camera/heartbeat/<cameraId>` (retained): `lastFrameAt`, the ISO-8601 time of the
 * last frame the hub received from the camera, and `time`, when the hub published it. Published only
 * after frames arrived, at most once per {@link CAMERA_HEARTBEAT_EVERY_MS}.
 */
export const CameraHeartbeatPayloadSchema = v.object({ lastFrameAt: IsoTimeSchema, time: IsoTimeSchema });
export type CameraHeartbeatPayload = v.InferOutput<typeof CameraHeartbeatPayloadSchema>;

/** The most often the hub publishes a camera's heartbeat while its frames arrive, ms. */
export const CAMERA_HEARTBEAT_EVERY_MS = 10_000;

/** The topic filter of every camera's state: `camera/state/+`. */
export const CAMERA_STATE_TOPIC_PATTERN = "camera/state/+";
/** The topic filter of every camera's heartbeat: `camera/heartbeat/+`. */
export const CAMERA_HEARTBEAT_TOPIC_PATTERN = "camera/heartbeat/+";
/** The state topic of camera `cameraId` (an id is topic-safe, {@link CameraIdSchema}). */
export function cameraStateTopic(cameraId: string): string {
  return `camera/state/${cameraId}`;
}
/** The heartbeat topic of camera `cameraId`. */
export function cameraHeartbeatTopic(cameraId: string): string {
  return `camera/heartbeat/${cameraId}`;
}
