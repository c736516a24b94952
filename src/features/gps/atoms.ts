import { atom } from "jotai";
import * as v from "valibot";
import {
  GPS_ALERT_TOPIC,
  GPS_NOTIFICATIONS_TOPIC,
  GPS_RESERVED_IDS,
  GPS_TILE_URL_SETTING,
  GpsAlertSchema,
  GpsNotificationsSchema,
  GpsStateSchema,
  GpsTileUrlSchema,
  type GpsAlert,
  type GpsState,
  type TrackPoint,
} from "../../../contract/gps";
import { createFamily } from "../../lib/state/family";
import { liveChildrenAtom } from "../../platform/live/atoms";
import { liveFamily } from "../../platform/live/family";

/** A tracker's live state (`gps/<tracker>`, GpsStateSchema) and when it arrived (epoch ms). */
export type GpsEntry = GpsState & { receivedAt: number };

/** A tracker's live state, null until the hub has published a valid one. */
export const gpsStateAtom = liveFamily({
  pattern: "gps/+",
  schema: GpsStateSchema,
  map: (state, receivedAt): GpsEntry => ({ ...state, receivedAt }),
});

/** The ids of the trackers the hub has published (`gps/<id>`), without its own `gps/notifications` and `gps/alert`. */
export const gpsTrackerIdsAtom = atom((get): readonly string[] =>
  get(liveChildrenAtom("gps")).filter((id) => !(GPS_RESERVED_IDS as readonly string[]).includes(id)),
);

const notifications = liveFamily({
  pattern: GPS_NOTIFICATIONS_TOPIC,
  schema: GpsNotificationsSchema,
  map: (payload) => payload.state,
});
/** Whether the hub notifies when a tracker leaves home (`gps/notifications`); null while never set (off). */
export const gpsNotificationsAtom = notifications();

const alerts = liveFamily({
  pattern: GPS_ALERT_TOPIC,
  schema: GpsAlertSchema,
  map: (alert, receivedAt): GpsAlert & { receivedAt: number } => ({ ...alert, receivedAt }),
});
/** The newest notification the hub sent on `gps/alert` (not retained), with when it arrived. */
export const gpsAlertAtom = alerts();

const tileUrl = liveFamily({
  pattern: "settings/+",
  schema: v.unknown(),
  map: (value): string | null => {
    const parsed = v.safeParse(GpsTileUrlSchema, value);
    return parsed.success ? parsed.output : null;
  },
});
/** The map's tile URL template (setting `gpsTileUrl` on the live channel), null when none is set (the default). */
export const gpsTileUrlAtom = atom((get) => get(tileUrl(GPS_TILE_URL_SETTING)));

/**
 * The track of each tracker (oldest first) as fetched from `GET /gps/{tracker}/track` and extended
 * by the live fixes since; persisted every 5 s (spec §7, gps/persisted.ts) so the map has it offline.
 */
export const gpsTrackAtom = createFamily((_tracker: string) => atom<readonly TrackPoint[]>([]));

/** Every tracker's track, for persistence: tracker id -> points. Written by {@link setTrack}. */
export const gpsTracksAtom = atom<Readonly<Record<string, readonly TrackPoint[]>>>({});

/** Most points kept per tracker in the dashboard (the hub keeps 24 h; 6 h of one fix per 5 s is 4,320). */
export const MAX_TRACK_POINTS = 5000;

/** Merges `points` into `track`: by time, without duplicates, oldest first, at most {@link MAX_TRACK_POINTS}. */
export function mergeTrack(track: readonly TrackPoint[], points: readonly TrackPoint[]): readonly TrackPoint[] {
  const byTime = new Map<string, TrackPoint>();
  for (const point of [...track, ...points]) byTime.set(point.time, point);
  const merged = [...byTime.values()].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  return merged.length > MAX_TRACK_POINTS ? merged.slice(merged.length - MAX_TRACK_POINTS) : merged;
}

/** Writes one tracker's track (its atom and the persisted record). */
export const setTrackAtom = atom(null, (get, set, tracker: string, points: readonly TrackPoint[]) => {
  const merged = mergeTrack(get(gpsTrackAtom(tracker)), points);
  set(gpsTrackAtom(tracker), merged);
  set(gpsTracksAtom, (all) => ({ ...all, [tracker]: merged }));
});
