/**
 * GPS cat tracker (spec §3 "gps", §7 `POST /gps/notifications`; docs/contract.md "GPS"):
 * the live topics the hub publishes from a tracker's own protocol (OwnTracks), the notifications
 * switch, the stored track, and the distance from home.
 */
import * as v from "valibot";
import { itemOf, itemsOf } from "./envelope";

/** `POST /gps/notifications` on the general base (spec §7 "body state"). */
export const GPS_NOTIFICATIONS_PATH = "/gps/notifications";

/** `GET /gps/{tracker}/track?hours=` on the general base (our addition): the stored track. */
export const GPS_TRACK_ROUTE = "/gps/:tracker/track";

/** How many hours of track the hub keeps and serves at most (older points are deleted). */
export const GPS_TRACK_MAX_HOURS = 24;
/** How many hours `GET /gps/{tracker}/track` answers without `hours`. */
export const GPS_TRACK_DEFAULT_HOURS = 6;
/** How many points the hub keeps per tracker at most (the oldest go first). */
export const GPS_TRACK_MAX_POINTS = 5000;

/** Tracker ids that name the hub's own GPS topics and so cannot be a tracker. */
export const GPS_RESERVED_IDS = ["notifications", "alert"] as const;

/** A tracker id: topic-safe (`[a-z0-9_-]`, 1..64), not one of {@link GPS_RESERVED_IDS}. */
export const GpsTrackerIdSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9_-]{1,64}$/, "must be 1 to 64 of a-z 0-9 _ -"),
  v.check((id) => !(GPS_RESERVED_IDS as readonly string[]).includes(id), "is reserved"),
);

/** The path of `GET /gps/{tracker}/track` with `hours` (1..{@link GPS_TRACK_MAX_HOURS}). */
export function gpsTrackPath(tracker: string, hours: number): string {
  return `/gps/${encodeURIComponent(tracker)}/track?hours=${String(hours)}`;
}

/** Latitude in degrees (WGS84), -90..90. */
export const LatitudeSchema = v.pipe(v.number(), v.finite(), v.minValue(-90), v.maxValue(90));
/** Longitude in degrees (WGS84), -180..180. */
export const LongitudeSchema = v.pipe(v.number(), v.finite(), v.minValue(-180), v.maxValue(180));

/** A point on the Earth: latitude and longitude in degrees. */
export const GeoPointSchema = v.object({ lat: LatitudeSchema, lon: LongitudeSchema });
export type GeoPoint = v.InferOutput<typeof GeoPointSchema>;

/** Mean Earth radius in metres (IUGG), used by {@link haversineMeters}. */
export const EARTH_RADIUS_M = 6_371_008.8;

/**
 * Great-circle distance between two points in metres (haversine formula on a sphere of
 * {@link EARTH_RADIUS_M}; under 0.5 % off the ellipsoid, plenty for "how far is the cat").
 */
export function haversineMeters(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** `gps/<tracker>`: a tracker's state (retained, published by the hub). */
export function gpsTopic(tracker: string): string {
  return `gps/${tracker}`;
}

/** `gps/notifications`: whether the hub notifies when a tracker leaves home (retained, `{state}`). */
export const GPS_NOTIFICATIONS_TOPIC = "gps/notifications";
/** `gps/alert`: one notification (not retained), {@link GpsAlertSchema}. */
export const GPS_ALERT_TOPIC = "gps/alert";

/**
 * Payload of `gps/<tracker>`: the last fix (position, its accuracy in metres, the tracker's battery
 * in %, when the fix was taken, ISO-8601), the distance from home in metres (haversine), home and
 * the radius around it (from the household file), whether the tracker is outside the radius, and
 * its label, so the dashboard shows it with no extra request.
 */
export const GpsStateSchema = v.object({
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  lat: LatitudeSchema,
  lon: LongitudeSchema,
  accuracyM: v.nullable(v.pipe(v.number(), v.finite(), v.minValue(0))),
  battery: v.nullable(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100))),
  time: v.pipe(v.string(), v.isoTimestamp()),
  distanceM: v.pipe(v.number(), v.finite(), v.minValue(0)),
  home: GeoPointSchema,
  radiusM: v.pipe(v.number(), v.finite(), v.minValue(1)),
  outside: v.boolean(),
});
export type GpsState = v.InferOutput<typeof GpsStateSchema>;

/** Payload of `gps/notifications` and answer item of `POST /gps/notifications`: on or off. */
export const GpsNotificationsSchema = v.object({ state: v.boolean() });
export type GpsNotifications = v.InferOutput<typeof GpsNotificationsSchema>;

/** Body of `POST /gps/notifications` (spec §7 "body state"): `{state: true|false}`. */
export const GpsNotificationsBodySchema = v.strictObject({ state: v.boolean() });
export type GpsNotificationsBody = v.InferOutput<typeof GpsNotificationsBodySchema>;

/** `{item:{state}}`: the answer of `POST /gps/notifications` (the stored state, also on the live topic). */
export const GpsNotificationsAnswerSchema = itemOf(GpsNotificationsSchema);
export type GpsNotificationsAnswer = v.InferOutput<typeof GpsNotificationsAnswerSchema>;

/**
 * Payload of `gps/alert`: tracker `tracker` (its `label`) `left` the radius around home or
 * `returned` inside it, at `distanceM` metres, with the fix's time (ISO-8601).
 */
export const GpsAlertSchema = v.object({
  tracker: GpsTrackerIdSchema,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  event: v.picklist(["left", "returned"]),
  distanceM: v.pipe(v.number(), v.finite(), v.minValue(0)),
  radiusM: v.pipe(v.number(), v.finite(), v.minValue(1)),
  time: v.pipe(v.string(), v.isoTimestamp()),
});
export type GpsAlert = v.InferOutput<typeof GpsAlertSchema>;

/** Query of `GET /gps/{tracker}/track`: `hours` 1..{@link GPS_TRACK_MAX_HOURS} (whole), default {@link GPS_TRACK_DEFAULT_HOURS}. */
export const GpsTrackQuerySchema = v.strictObject({
  hours: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, "must be a whole number of hours"),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(GPS_TRACK_MAX_HOURS),
    ),
    String(GPS_TRACK_DEFAULT_HOURS),
  ),
});

/** One stored point of a track: position and when the fix was taken (ISO-8601). */
export const TrackPointSchema = v.object({
  lat: LatitudeSchema,
  lon: LongitudeSchema,
  time: v.pipe(v.string(), v.isoTimestamp()),
});
export type TrackPoint = v.InferOutput<typeof TrackPointSchema>;

/** `{items: TrackPoint[]}`, oldest first: the answer of `GET /gps/{tracker}/track`. */
export const GpsTrackAnswerSchema = itemsOf(TrackPointSchema);
export type GpsTrackAnswer = v.InferOutput<typeof GpsTrackAnswerSchema>;

/** The setting (PATCH /settings, `settings/gpsTileUrl`) holding the map's tile URL; none (null) by default. */
export const GPS_TILE_URL_SETTING = "gpsTileUrl";

/**
 * Value of setting `gpsTileUrl`: null (no tile server: the tracker screen shows coordinates and
 * distance only), or an `http(s)` tile URL template with `{z}`, `{x}` and `{y}` (and optionally
 * `{s}`, `{r}`), e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png`; at most 500 characters, no
 * spaces or quotes. The hub allows its origin in the CSP's `img-src`.
 */
export const GpsTileUrlSchema = v.nullable(
  v.pipe(
    v.string(),
    v.maxLength(500),
    v.regex(/^https?:\/\/[^\s"'<>\\;]+$/, "must be an http(s) URL without spaces or quotes"),
    v.check((url) => ["{z}", "{x}", "{y}"].every((part) => url.includes(part)), "must contain {z}, {x} and {y}"),
  ),
);

/**
 * The origin a tile URL template loads images from (`https://tile.openstreetmap.org`), for the
 * CSP; `{s}` subdomains widen it to a wildcard host (`https://*.tile.example.org`). Null when it is
 * not a valid template.
 */
export function tileUrlOrigin(template: unknown): string | null {
  if (!v.is(GpsTileUrlSchema, template) || template === null) return null;
  const match = /^(https?):\/\/([^/?#]+)/.exec(template);
  if (!match) return null;
  const [, scheme, host] = match;
  if (!host || !/^(\{s\}\.)?[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host)) return null;
  return `${scheme}://${host.replace("{s}.", "*.")}`;
}
