import * as v from "valibot";
import { GeoPointSchema, GpsTrackerIdSchema } from "../../contract/gps";

/** An OwnTracks `<user>/<device>` pair: the levels after `owntracks/` in the tracker's topic. */
const OwnTracksIdSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_.-]{1,64}\/[A-Za-z0-9_.-]{1,64}$/, "must be <user>/<device>"),
);

/**
 * One GPS tracker of the household file: its id (the live topic `gps/<id>`), the label
 * people see, and the OwnTracks `<user>/<device>` it publishes as (`owntracks/<user>/<device>`).
 */
export const GpsTrackerConfigSchema = v.object({
  id: GpsTrackerIdSchema,
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  owntracks: OwnTracksIdSchema,
});
export type GpsTrackerConfig = v.InferOutput<typeof GpsTrackerConfigSchema>;

/**
 * The household file's `gps`: where home is (degrees), the radius around it in metres
 * (leaving it notifies, when notifications are on; default 100), and the trackers, each at most once.
 */
export const GpsConfigSchema = v.object({
  home: GeoPointSchema,
  radiusM: v.optional(v.pipe(v.number(), v.finite(), v.minValue(1), v.maxValue(100_000)), 100),
  trackers: v.pipe(
    v.array(GpsTrackerConfigSchema),
    v.check((list) => new Set(list.map((t) => t.id)).size === list.length, "each tracker id at most once"),
    v.check((list) => new Set(list.map((t) => t.owntracks)).size === list.length, "each owntracks device at most once"),
  ),
});
export type GpsConfig = v.InferOutput<typeof GpsConfigSchema>;
