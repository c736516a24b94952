import * as v from "valibot";
import { TrackPointSchema } from "../../shared/contract/gps";
import type { PersistedPart } from "../../lib/session/persisted";
import { gpsTrackAtom, gpsTracksAtom, mergeTrack } from "./atoms";

/** What IndexedDB `kv` keeps under `gps`: each tracker's track (the live `gps/<tracker>` state is in the live snapshot). */
const StoredGpsSchema = v.object({ tracks: v.record(v.pipe(v.string(), v.regex(/^[a-z0-9_-]{1,64}$/)), v.array(TrackPointSchema)) });

/**
 * GPS state as a persisted part (spec §7 "Gps ... state persisted every 5 s"; DESIGN §5): the
 * trackers' tracks, saved to IndexedDB `kv` `gps` every 5 s while they change and restored at
 * start, so the tracker screen shows the last known track offline (the last position itself is
 * restored with the live snapshot, shown stale until the live channel confirms it). Cleared on logout.
 */
export const gpsPersisted: PersistedPart = {
  name: "gps",
  async restore({ store, db, dbm }) {
    const stored = await dbm.kvGet(db, dbm.KV_KEYS.gps, StoredGpsSchema);
    if (!stored) return 0;
    for (const [tracker, points] of Object.entries(stored.tracks)) {
      const merged = mergeTrack(store.get(gpsTrackAtom(tracker)), points);
      store.set(gpsTrackAtom(tracker), merged);
      store.set(gpsTracksAtom, (all) => ({ ...all, [tracker]: merged }));
    }
    return 0;
  },
  start: ({ store, db, dbm }) => ({
    version: () => store.get(gpsTracksAtom),
    save: () => dbm.kvSet(db, dbm.KV_KEYS.gps, { tracks: store.get(gpsTracksAtom) }),
    clear: async () => {
      for (const tracker of Object.keys(store.get(gpsTracksAtom))) store.set(gpsTrackAtom(tracker), []);
      store.set(gpsTracksAtom, {});
      await dbm.kvDelete(db, dbm.KV_KEYS.gps);
    },
  }),
};
