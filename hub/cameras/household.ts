import * as v from "valibot";
import { CameraIdSchema, CameraScalingSchema } from "../../contract/cameras";
import { DeviceNameSchema } from "../../contract/sensors";
import { FrigateCameraNameSchema } from "./frigate/config";
import { CameraRecordSchema, RECORDABLE_SOURCES } from "./recordings/clips-config";

/** An http(s) base URL of a camera gateway (no credentials in it are ever sent to a browser). */
const GatewayUrlSchema = v.pipe(
  v.string(),
  v.url("must be a URL"),
  v.regex(/^https?:\/\//, "must be http or https"),
  v.maxLength(500),
);
/** An `rtsp://` (or `rtsps://`) URL of a camera's stream, login allowed (never sent to a browser, never logged). */
const RtspUrlSchema = v.pipe(
  v.string(),
  v.url("must be a URL"),
  v.regex(/^rtsps?:\/\//, "must be rtsp or rtsps"),
  v.maxLength(500),
);

/**
 * A camera's ONVIF device service (hub/README.md "ONVIF cameras"): `url` is its http(s) base
 * (`http://192.168.1.20:80`, the path `/onvif/device_service` by default) or the full device service
 * address; `username` and `password` are its ONVIF user (WS-Security UsernameToken digest, never
 * sent to a browser nor logged); `profileToken` picks the media profile whose PTZ the hub moves
 * (default: the camera's first profile). PTZ, presets, night mode (IR cut filter) and motion events
 * go through it.
 */
export const OnvifSettingsSchema = v.strictObject({
  url: GatewayUrlSchema,
  username: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
  password: v.optional(v.pipe(v.string(), v.maxLength(128))),
  profileToken: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,64}$/, "must be 1-64 of A-Z a-z 0-9 _ . : -")),
  ),
});
export type OnvifSettings = v.InferOutput<typeof OnvifSettingsSchema>;

/**
 * Where a camera's picture comes from (docs/contract.md "Cameras", hub/README.md "Cameras"):
 * - `demo`: the hub's own moving test picture (frames drawn and JPEG-encoded in Node,
 *   hub/cameras/frames.ts), so `npm start` shows moving cameras on any machine;
 * - `go2rtc`: a stream `src` of a go2rtc server at `url` (e.g. `http://192.168.1.10:1984`), which
 *   reads the camera's RTSP/ONVIF/etc.; the hub proxies its WebRTC SDP exchange, MJPEG and HLS, so
 *   the browser talks only to the hub and never needs the camera's credentials;
 * - `mjpeg`: a camera's own `multipart/x-mixed-replace` stream at `url` (and a JPEG at
 *   `snapshotUrl`, optional), proxied by the hub;
 * - `hls`: a camera's own HLS playlist at `url`, playlists and segments proxied by the hub;
 * - `rtsp`: a camera's RTSP stream at `url` (and a lighter one at `mobileUrl`), read by Debian's
 *   ffmpeg on the hub into HLS (`-c:v copy`, or H.264 Constrained Baseline with `transcode`) and MJPEG.
 */
export const CameraSourceSchema = v.variant("type", [
  v.object({
    type: v.literal("demo"),
    hue: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(359)), 200),
  }),
  v.object({
    type: v.literal("go2rtc"),
    url: GatewayUrlSchema,
    src: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  }),
  v.strictObject({
    type: v.literal("mjpeg"),
    url: GatewayUrlSchema,
    snapshotUrl: v.optional(GatewayUrlSchema),
  }),
  v.strictObject({ type: v.literal("hls"), url: GatewayUrlSchema }),
  v.strictObject({
    type: v.literal("rtsp"),
    url: RtspUrlSchema,
    mobileUrl: v.optional(RtspUrlSchema),
    transcode: v.optional(v.boolean(), false),
  }),
]);
export type CameraSource = v.InferOutput<typeof CameraSourceSchema>;
export type CameraSourceType = CameraSource["type"];

/** The live modes and streams each source can offer (rtc: the hub answers an SDP offer; mobile: a second stream). */
export function sourceOffers(source: CameraSource): {
  rtc: boolean;
  hls: boolean;
  mjpeg: boolean;
  mobile: boolean;
} {
  switch (source.type) {
    case "demo":
    case "go2rtc":
      return { rtc: true, hls: true, mjpeg: true, mobile: true };
    case "mjpeg":
      return { rtc: false, hls: false, mjpeg: true, mobile: false };
    case "hls":
      return { rtc: false, hls: true, mjpeg: false, mobile: false };
    case "rtsp":
      return {
        rtc: false,
        hls: true,
        mjpeg: true,
        mobile: source.mobileUrl !== undefined,
      };
  }
}

/** Whether camera `camera`'s flag `flag` is not set true beyond what its source offers. */
function offered(
  camera: {
    source: CameraSource;
    hls?: boolean | undefined;
    mjpeg?: boolean | undefined;
    mobile?: boolean | undefined;
  },
  flag: "hls" | "mjpeg" | "mobile",
): boolean {
  return camera[flag] !== true || sourceOffers(camera.source)[flag];
}

/** The fields of a household camera as written (see {@link HouseholdCameraSchema}). */
const HouseholdCameraFieldsSchema = v.object({
  id: CameraIdSchema,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  enabled: v.optional(v.boolean(), true),
  hls: v.optional(v.boolean()),
  mjpeg: v.optional(v.boolean()),
  mobile: v.optional(v.boolean()),
  scaling: v.optional(CameraScalingSchema, "stretch"),
  blackAndWhite: v.optional(v.boolean(), false),
  source: v.optional(CameraSourceSchema, { type: "demo", hue: 200 }),
  /**
   * The camera can pan, tilt and zoom (`POST /controls/ptz/{cameraId}`). Absent: false, except for an
   * ONVIF camera, which says so itself (its device service names a PTZ service; CameraService.setDetectedPtz).
   */
  ptz: v.optional(v.boolean()),
  /** The camera's ONVIF device service: PTZ, presets, night mode and motion events through it. */
  onvif: v.optional(OnvifSettingsSchema),
  /** The camera's name in Frigate's config: its recordings, motion and availability come from the household's `frigate` (hub/cameras/frigate/). */
  frigate: v.optional(FrigateCameraNameSchema),
  /** Clips around motion recorded by the hub's ffmpeg (recordings/clips-config.ts); `rtsp` and `go2rtc` sources only. */
  record: v.optional(CameraRecordSchema),
});

/**
 * A camera of the household file: id and label (spec §3), which modes it has besides rtc (`hls`,
 * `mjpeg`), whether it has a mobile stream, the view's default `scaling` and `blackAndWhite`, its
 * `source`, whether it has PTZ (`ptz`), and whether the hub records clips around motion (`record`,
 * rtsp and go2rtc sources only: recordings/clips-config.ts). `hls`, `mjpeg` and `mobile` default to what the source
 * offers where it is a plain camera (`mjpeg`, `hls`, `rtsp`: e.g. an rtsp camera has both, mobile
 * when it has `mobileUrl`), else hls off, mjpeg on, no mobile stream; a flag set true that the
 * source cannot offer is refused naming it (`hls: this source type has no HLS …`).
 */
export const HouseholdCameraSchema = v.pipe(
  HouseholdCameraFieldsSchema,
  v.forward(
    v.check((camera) => offered(camera, "hls"), "this source type has no HLS (only go2rtc, demo, hls and rtsp)"),
    ["hls"],
  ),
  v.forward(
    v.check((camera) => offered(camera, "mjpeg"), "this source type has no MJPEG (only go2rtc, demo, mjpeg and rtsp)"),
    ["mjpeg"],
  ),
  v.forward(
    v.check(
      (camera) => offered(camera, "mobile"),
      "this source has no mobile stream (an rtsp source needs source.mobileUrl)",
    ),
    ["mobile"],
  ),
  v.forward(
    v.check(
      (camera) => camera.record === undefined || RECORDABLE_SOURCES.includes(camera.source.type),
      "only an rtsp or go2rtc camera records clips (another source: its NVR's recordings)",
    ),
    ["record"],
  ),
  v.transform((camera) => {
    const plain = camera.source.type !== "demo" && camera.source.type !== "go2rtc";
    const offers = sourceOffers(camera.source);
    return {
      ...camera,
      hls: camera.hls ?? (plain && offers.hls),
      mjpeg: camera.mjpeg ?? (plain ? offers.mjpeg : true),
      mobile: camera.mobile ?? (plain && offers.mobile),
    };
  }),
);
export type HouseholdCamera = v.InferOutput<typeof HouseholdCameraSchema>;

/** The household's cameras: ids unique. */
export const HouseholdCamerasSchema = v.pipe(
  v.array(HouseholdCameraSchema),
  v.check((cameras) => new Set(cameras.map((c) => c.id)).size === cameras.length, "each camera id at most once"),
);

/**
 * The doorbell at the gate (spec §2): the device whose button press becomes a ring on
 * `doorbell/ring`. Zigbee2MQTT: a button publishing `{"action": <action>}` on `zigbee2mqtt/<device>`
 * (default action `single`). Tasmota: a button with SetOption73 1 publishing
 * `{"Button<n>":{"Action":"SINGLE"}}` on `stat/<device>/RESULT`.
 */
export const DoorbellSchema = v.variant("type", [
  v.object({
    type: v.literal("zigbee2mqtt"),
    device: DeviceNameSchema,
    action: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64)), "single"),
  }),
  v.object({
    type: v.literal("tasmota"),
    device: DeviceNameSchema,
    button: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(8)), 1),
  }),
]);
export type Doorbell = v.InferOutput<typeof DoorbellSchema>;
