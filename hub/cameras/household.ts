import * as v from "valibot";
import { CameraIdSchema, CameraScalingSchema } from "../../src/shared/contract/cameras";
import { DeviceNameSchema } from "../../src/shared/contract/sensors";

/** An http(s) base URL of a camera gateway (no credentials in it are ever sent to a browser). */
const GatewayUrlSchema = v.pipe(v.string(), v.url("must be a URL"), v.regex(/^https?:\/\//, "must be http or https"), v.maxLength(500));

/**
 * Where a camera's picture comes from (docs/contract.md "Cameras"):
 * - `demo`: the hub's own moving test picture (frames drawn and JPEG-encoded in Node,
 *   hub/cameras/frames.ts), so `npm start` shows moving cameras on any machine;
 * - `go2rtc`: a stream `src` of a go2rtc server at `url` (e.g. `http://192.168.1.10:1984`), which
 *   reads the camera's RTSP/ONVIF/etc.; the hub proxies its WebRTC SDP exchange, MJPEG and HLS, so
 *   the browser talks only to the hub and never needs the camera's credentials.
 */
export const CameraSourceSchema = v.variant("type", [
  v.object({ type: v.literal("demo"), hue: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(359)), 200) }),
  v.object({ type: v.literal("go2rtc"), url: GatewayUrlSchema, src: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }),
]);
export type CameraSource = v.InferOutput<typeof CameraSourceSchema>;

/**
 * A camera of the household file: id and label (spec §3), which modes it has besides rtc (`hls`,
 * `mjpeg`; default mjpeg only), whether it has a mobile stream, the view's default `scaling` and
 * `blackAndWhite`, its `source` and whether it has PTZ (`ptz`).
 */
export const HouseholdCameraSchema = v.object({
  id: CameraIdSchema,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  enabled: v.optional(v.boolean(), true),
  hls: v.optional(v.boolean(), false),
  mjpeg: v.optional(v.boolean(), true),
  mobile: v.optional(v.boolean(), false),
  scaling: v.optional(CameraScalingSchema, "stretch"),
  blackAndWhite: v.optional(v.boolean(), false),
  source: v.optional(CameraSourceSchema, { type: "demo", hue: 200 }),
  /** The camera can pan, tilt and zoom (`POST /controls/ptz/{cameraId}`); default false. */
  ptz: v.optional(v.boolean(), false),
});
export type HouseholdCamera = v.InferOutput<typeof HouseholdCameraSchema>;

/** The household's cameras: ids unique. */
export const HouseholdCamerasSchema = v.pipe(
  v.array(HouseholdCameraSchema),
  v.check((cameras) => new Set(cameras.map((c) => c.id)).size === cameras.length, "each camera id at most once"),
);

/**
 * The doorbell at the gate (spec §2, issue 12): the device whose button press becomes a ring on
 * `doorbell/ring`. Zigbee2MQTT: a button publishing `{"action": <action>}` on `zigbee2mqtt/<device>`
 * (default action `single`). Tasmota: a button with SetOption73 1 publishing
 * `{"Button<n>":{"Action":"SINGLE"}}` on `stat/<device>/RESULT`.
 */
export const DoorbellSchema = v.variant("type", [
  v.object({ type: v.literal("zigbee2mqtt"), device: DeviceNameSchema, action: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64)), "single") }),
  v.object({ type: v.literal("tasmota"), device: DeviceNameSchema, button: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(8)), 1) }),
]);
export type Doorbell = v.InferOutput<typeof DoorbellSchema>;
