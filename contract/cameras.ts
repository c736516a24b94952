/**
 * Cameras and the doorbell (spec §2, §3, §4, §7, §9; docs/contract.md "Cameras"): the paths of the
 * camera bases (`/api/cameras/v1`: live MJPEG; `/api/cameras/v5`: camera items and the camera
 * list), the camera item, the MJPEG stream's fixed boundary and the live-view constants, and the
 * doorbell's live topic `doorbell/ring`.
 */
import * as v from "valibot";
import { itemOf, itemsOf } from "./envelope";

/** A camera id (spec §3 "id"): letters, digits, `_` and `-`, 1..64; safe in a path and a topic. */
export const CameraIdSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1-64 letters, digits, _ or -"),
);

/** How a live view fits its picture into the view (spec §2, §4): `stretch` fills, `contain` letterboxes, `cover` crops. */
export const CAMERA_SCALINGS = ["stretch", "contain", "cover"] as const;
export type CameraScaling = (typeof CAMERA_SCALINGS)[number];
export const CameraScalingSchema = v.picklist(CAMERA_SCALINGS);

/** The live modes of spec §4, in cycle order: WebRTC, HLS, MJPEG. */
export const CAMERA_MODES = ["rtc", "hls", "mjpeg"] as const;
export type CameraMode = (typeof CAMERA_MODES)[number];
export const CameraModeSchema = v.picklist(CAMERA_MODES);

/** The streams of a camera (spec §7 `{stream}`, default `full`): full resolution or the lighter mobile one. */
export const CAMERA_STREAMS = ["full", "mobile"] as const;
export type CameraStream = (typeof CAMERA_STREAMS)[number];
export const CameraStreamSchema = v.picklist(CAMERA_STREAMS);

/**
 * A camera item (spec §3, §7 `GET ../v5/cameras/{cameraId}`): `enabled`, `hls`, `mjpeg` (the
 * modes it has besides rtc), `streams.mobile` (has a mobile stream), id, label, `nightmode`, and our
 * per-camera view settings `scaling` (default scaling of its live view) and `blackAndWhite`, and `ptz`.
 */
export const CameraSchema = v.object({
  id: CameraIdSchema,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  enabled: v.boolean(),
  hls: v.boolean(),
  mjpeg: v.boolean(),
  streams: v.object({ mobile: v.boolean() }),
  nightmode: v.boolean(),
  scaling: CameraScalingSchema,
  blackAndWhite: v.boolean(),
  /**
   * Has PTZ (`POST /controls/ptz/{cameraId}`, camera-controls.ts): the household file's `ptz`, else for an ONVIF
   * camera what its device service says (learned after the hub's start: `camera/config` is published again
   * then). The hub always sends it; absent reads as false.
   */
  ptz: v.optional(v.boolean()),
});
export type Camera = v.InferOutput<typeof CameraSchema>;

/** `GET /cameras` on the v5 base (our addition; the spec does not show the list call): every camera, household order. */
export const CAMERAS_PATH = "/cameras";
/**
 * `POST /config/cameras/reload` on the general base (spec §7), empty body: the hub publishes the
 * cameras' config (`camera/config`, retained) again from the household file and the stored edits,
 * so every open dashboard takes it, and answers the cameras ({@link CamerasAnswerSchema}).
 */
export const CAMERAS_RELOAD_PATH = "/config/cameras/reload";
/** `{items: Camera[]}`: the answer of `GET /cameras`. */
export const CamerasAnswerSchema = itemsOf(CameraSchema);
export type CamerasAnswer = v.InferOutput<typeof CamerasAnswerSchema>;

/** `GET`/`PATCH /cameras/{cameraId}` on the v5 base (spec §7). */
export const CAMERA_ROUTE = "/cameras/:cameraId";
/** The path of `GET`/`PATCH ../v5/cameras/{cameraId}` for camera `id` (URL-encoded). */
export function cameraPath(id: string): string {
  return `/cameras/${encodeURIComponent(id)}`;
}
/** `{item: Camera}`: the answer of `GET`/`PATCH /cameras/{cameraId}`. */
export const CameraAnswerSchema = itemOf(CameraSchema);
export type CameraAnswer = v.InferOutput<typeof CameraAnswerSchema>;

/**
 * Body of `PATCH ../v5/cameras/{cameraId}` (spec §7 "body config"): the fields to change, at least
 * one. The id and the camera's source are the household file's.
 */
export const CameraConfigBodySchema = v.object({
  config: v.pipe(
    v.strictObject({
      label: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
      enabled: v.optional(v.boolean()),
      nightmode: v.optional(v.boolean()),
      scaling: v.optional(CameraScalingSchema),
      blackAndWhite: v.optional(v.boolean()),
    }),
    v.check((config) => Object.values(config).some((value) => value !== undefined), "at least one field is required"),
  ),
});
export type CameraConfigBody = v.InferOutput<typeof CameraConfigBodySchema>;

/** `GET /live/mjpeg/{cameraId}` on the v1 base (spec §7): `multipart/x-mixed-replace` of JPEG frames. */
export const MJPEG_ROUTE = "/live/mjpeg/:cameraId";
/** The path of the MJPEG stream of camera `id` (URL-encoded). */
export function mjpegPath(id: string): string {
  return `/live/mjpeg/${encodeURIComponent(id)}`;
}
/** The fixed multipart boundary of every MJPEG stream the hub sends (spec §7 "a fixed boundary"). */
export const MJPEG_BOUNDARY = "hubmjpegframe";
/** The Content-Type of the MJPEG stream. */
export const MJPEG_CONTENT_TYPE = `multipart/x-mixed-replace; boundary=${MJPEG_BOUNDARY}`;

/** Live-view constants of spec §9 (milliseconds, bytes). */
export const LIVE_VIEW = {
  /** Stream buffer cap: more unparsed bytes than this is 'Buffer too big'. */
  maxBufferBytes: 5_242_880,
  /** Per-read timeout of the MJPEG reader. */
  readTimeoutMs: 3_000,
  /** Connect timeout (request to response headers). */
  connectTimeoutMs: 7_000,
  /** Wait before any restart. */
  retryWaitMs: 500,
  /** Overlay back when no frame arrived for this long (spec §4). */
  frameTimeoutMs: 3_000,
  /** Legacy (`mjpeg-old`) image reload after an error. */
  legacyRestartMs: 2_000,
  /** Legacy decode check interval. */
  legacyDecodeCheckMs: 1_000,
  /** The live viewer's HTTP calls (SDP exchange, HLS playlists and segments, snapshots): one attempt of at most this long, never retried (spec §9). */
  httpTimeoutMs: 30_000,
} as const;

/** Camera PTZ default movement duration (spec §9), milliseconds. */
export const PTZ_DEFAULT_DURATION_MS = 250;

/** `doorbell/ring`: when the doorbell last rang, epoch milliseconds (DESIGN.md §3; retained). */
export const DOORBELL_RING_TOPIC = "doorbell/ring";
/** The payload of `doorbell/ring`: epoch milliseconds. */
export const DoorbellRingSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/** Doorbell constants of spec §9: a ring is fresh for 5 s; the popup closes itself after 30 s. */
export const DOORBELL = { freshMs: 5_000, autoCloseMs: 30_000, cameras: ["zoom", "brama"] } as const;

/** `GET /live/snapshot/{cameraId}` on the v1 base (our addition): one current JPEG frame, for previews. */
export const SNAPSHOT_ROUTE = "/live/snapshot/:cameraId";
/** The path of the snapshot of camera `id` (URL-encoded). */
export function snapshotPath(id: string): string {
  return `/live/snapshot/${encodeURIComponent(id)}`;
}

/** `POST /demo/doorbell` on the v1 base, demo mode only: presses the simulated doorbell button from the device end. */
export const DEMO_DOORBELL_PATH = "/demo/doorbell";

/**
 * `POST /demo/cameras/{cameraId}/stall` on the v1 base, demo mode only (the long-run
 * benchmark): the simulated camera sends no frame for `ms` milliseconds while its streams stay
 * connected, as a stalled camera does. Answers `{item: {stalledMs}}`; unknown camera 404.
 */
export const DEMO_CAMERA_STALL_ROUTE = "/demo/cameras/:cameraId/stall";
/** The path of the demo stall of camera `id` (URL-encoded). */
export function demoCameraStallPath(id: string): string {
  return `/demo/cameras/${encodeURIComponent(id)}/stall`;
}
/** Body of the demo stall: how long the camera sends nothing, 100 ms to 60 s. */
export const DemoCameraStallBodySchema = v.strictObject({
  ms: v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(60_000)),
});
export type DemoCameraStallBody = v.InferOutput<typeof DemoCameraStallBodySchema>;
/** `{item: {stalledMs}}`: the answer of the demo stall. */
export const DemoCameraStallAnswerSchema = itemOf(v.object({ stalledMs: v.number() }));
export type DemoCameraStallAnswer = v.InferOutput<typeof DemoCameraStallAnswerSchema>;

/** `POST ../v5/live/rtc/{cameraId}/{stream}` (spec §7, stream default full): the browser's SDP offer, answered with the hub's SDP answer. */
export const RTC_ROUTE = "/live/rtc/:cameraId/:stream";
/** The path of the WebRTC offer of camera `id`, stream `stream`. */
export function rtcPath(id: string, stream: CameraStream = "full"): string {
  return `/live/rtc/${encodeURIComponent(id)}/${stream}`;
}
/** Longest SDP offer the hub takes, characters: 32 KiB, five times a Chromium offer of recvonly video and audio (6.5 KB). */
export const RTC_OFFER_MAX_LENGTH = 32_768;
/** Body of the WebRTC call (spec §7 "body sdp"): the SDP offer, at most {@link RTC_OFFER_MAX_LENGTH} characters. */
export const RtcOfferBodySchema = v.strictObject({
  sdp: v.pipe(v.string(), v.minLength(1), v.maxLength(RTC_OFFER_MAX_LENGTH), v.startsWith("v=0")),
});
export type RtcOfferBody = v.InferOutput<typeof RtcOfferBodySchema>;
/** `{item: {sdp}}`: the SDP answer (spec §7 "reads item.sdp"). */
export const RtcAnswerSchema = itemOf(v.object({ sdp: v.pipe(v.string(), v.minLength(1)) }));
export type RtcAnswer = v.InferOutput<typeof RtcAnswerSchema>;

/** `GET /live/hls/{cameraId}/{stream}/index.m3u8` on the v1 base (our addition): the camera's HLS playlist, proxied by the hub. */
export function hlsPath(id: string, stream: CameraStream = "full"): string {
  return `/live/hls/${encodeURIComponent(id)}/${stream}/index.m3u8`;
}
/**
 * `GET /live/hls/{cameraId}/{stream}/{file}` on the v1 base (our addition): the HLS of a
 * camera with `hls`. `file` is `index.m3u8` (the entry playlist, {@link hlsPath}) or a name that
 * playlist refers to (relative URIs only: the demo's `<sequence>.ts` segments; a go2rtc camera's
 * `playlist.m3u8`, `segment.ts`, `init.mp4`, `segment.m4s` with `?id=&n=`). Playlists
 * `application/vnd.apple.mpegurl`, never cached; unknown camera, stream or file 404.
 */
export const HLS_ROUTE = "/live/hls/:cameraId/:stream/:file";
/** The Content-Type of an HLS playlist (RFC 8216 §4). */
export const HLS_PLAYLIST_CONTENT_TYPE = "application/vnd.apple.mpegurl";

/** Stream counts of one camera: MJPEG streams, HLS answers being sent, the hub's own WebRTC peers. */
export const CameraStreamCountsSchema = v.object({
  id: CameraIdSchema,
  mjpeg: v.number(),
  hls: v.number(),
  rtc: v.number(),
});
export type CameraStreamCounts = v.InferOutput<typeof CameraStreamCountsSchema>;
/**
 * `GET /live/streams` on the v1 base (our addition): what the hub serves now, held by sessions
 * (a session's end closes them). `total`: MJPEG streams, HLS answers in flight, the hub's own
 * WebRTC peers (demo cameras; go2rtc's are go2rtc's), recording playbacks; `cameras`: each
 * household camera's live streams, household order.
 */
export const LIVE_STREAMS_PATH = "/live/streams";
export const LiveStreamsAnswerSchema = itemOf(
  v.object({
    total: v.object({ mjpeg: v.number(), hls: v.number(), rtc: v.number(), playback: v.number() }),
    cameras: v.array(CameraStreamCountsSchema),
  }),
);
export type LiveStreamsAnswer = v.InferOutput<typeof LiveStreamsAnswerSchema>;
