import * as v from "valibot";
import { PROTOTYPE_NAMES } from "../../../contract/sensors";

/** A household sensor id or an adopted device id (`zigbee2mqtt:<name>`, `tasmota:<topic>`): one topic segment. */
const MotionSensorSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(200),
  // eslint-disable-next-line no-control-regex
  v.regex(/^[^/+#\u0000-\u001f\u007f]+$/, "must not contain / + # or control characters"),
  v.check((value) => !PROTOTYPE_NAMES.has(value), "must not be a prototype name"),
);

/** An `rtsp://` (or `rtsps://`) URL, login allowed (never sent to a browser, never logged). */
const RecordUrlSchema = v.pipe(
  v.string(),
  v.url("must be a URL"),
  v.regex(/^rtsps?:\/\//, "must be rtsp or rtsps"),
  v.maxLength(500),
);

/**
 * How a camera without an NVR records clips around motion (household camera field `record`,
 * hub/README.md "Cameras without Frigate"): the motion comes from `motionSensor` (a household
 * sensor id of kind `occupancy` or `door`, or an adopted device id whose state has `occupancy`,
 * `presence`, `motion` or `contact`) and/or the camera's own ONVIF motion events (`onvifEvents`);
 * the clip runs while the motion lasts and `seconds` (5..300, default 20) after it ends, at most
 * `maxSeconds` (10..3600, default 120, at least `seconds`). ffmpeg copies the stream (`-c copy`)
 * from `url` when given, else from the source: an `rtsp` source's `url`, a `go2rtc` source's RTSP
 * restream `rtsp://<go2rtc host>:8554/<src>` (login as in the go2rtc `url`). `preSeconds` (0..10,
 * default 0): the clip also holds about that many seconds from before the motion, out of a rolling
 * buffer one more ffmpeg keeps of the stream while the hub runs (clips-preroll.ts); 0: no buffer,
 * the clip starts at the stream's first key frame after the motion.
 */
export const CameraRecordSchema = v.pipe(
  v.strictObject({
    motionSensor: v.optional(MotionSensorSchema),
    onvifEvents: v.optional(v.boolean(), false),
    seconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(300)), 20),
    maxSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(10), v.maxValue(3600)), 120),
    url: v.optional(RecordUrlSchema),
    preSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10)), 0),
  }),
  v.forward(
    v.check((record) => record.maxSeconds >= record.seconds, "must be at least `seconds`"),
    ["maxSeconds"],
  ),
);
export type CameraRecord = v.InferOutput<typeof CameraRecordSchema>;

/** The source types whose stream the hub records itself (the rest: an NVR, or nothing to copy). */
export const RECORDABLE_SOURCES: readonly string[] = ["rtsp", "go2rtc"];

/** go2rtc's RTSP server port (its `rtsp: listen: ":8554"` default), where it restreams every `src`. */
export const GO2RTC_RTSP_PORT = 8554;

/**
 * The RTSP URL ffmpeg records camera `camera` from: `record.url`, else an `rtsp` source's `url`, else
 * a `go2rtc` source's restream `rtsp://[user:password@]<host>:8554/<src>`; null for other sources.
 */
export function recordUrlOf(camera: {
  source: { type: string; url?: string; src?: string };
  record?: CameraRecord | undefined;
}): string | null {
  if (camera.record?.url) return camera.record.url;
  const { source } = camera;
  if (source.type === "rtsp" && source.url) return source.url;
  if (source.type === "go2rtc" && source.url && source.src) {
    const gateway = new URL(source.url);
    const login = gateway.username ? `${gateway.username}${gateway.password ? `:${gateway.password}` : ""}@` : "";
    return `rtsp://${login}${gateway.hostname}:${GO2RTC_RTSP_PORT}/${encodeURIComponent(source.src)}`;
  }
  return null;
}

/** The recorder's limits: ffmpeg processes recording at once (a motion beyond them is not recorded, and logged). */
export const CLIP_LIMITS = { concurrent: 3 } as const;
