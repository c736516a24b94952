import * as v from "valibot";
import { TrackPointSchema } from "../../../contract/gps";
import type { PersistContext } from "../../lib/session/persisted";
import type { JotaiStore } from "../../shared/store";
import { gpsTrackAtom, gpsTracksAtom, mergeTrack } from "./atoms";

/** What IndexedDB `kv` keeps under `gps`: each tracker's track (the live `gps/<tracker>` state is in the live snapshot). */
const StoredGpsSchema = v.object({
  tracks: v.record(v.pipe(v.string(), v.regex(/^[a-z0-9_-]{1,64}$/)), v.array(TrackPointSchema)),
});

/** Restores the stored tracks (validated; a bad record is dropped by kvGet); resolves with 0 (no live leaves). */
export async function restoreTracks({ store, db, dbm }: PersistContext): Promise<number> {
  const stored = await dbm.kvGet(db, dbm.KV_KEYS.gps, StoredGpsSchema);
  if (!stored) return 0;
  for (const [tracker, points] of Object.entries(stored.tracks)) {
    const merged = mergeTrack(store.get(gpsTrackAtom(tracker)), points);
    store.set(gpsTrackAtom(tracker), merged);
    store.set(gpsTracksAtom, (all) => ({ ...all, [tracker]: merged }));
  }
  return 0;
}

/** Changes whenever a track changes (the record's identity). */
export function tracksVersion(store: JotaiStore): unknown {
  return store.get(gpsTracksAtom);
}

/** Saves every track to `kv` `gps`. */
export async function saveTracks({ store, db, dbm }: PersistContext): Promise<void> {
  await dbm.kvSet(db, dbm.KV_KEYS.gps, { tracks: store.get(gpsTracksAtom) });
}

/** Forgets the tracks (logout): the atoms and the stored record. */
export async function clearTracks({ store, db, dbm }: PersistContext): Promise<void> {
  for (const tracker of Object.keys(store.get(gpsTracksAtom))) store.set(gpsTrackAtom(tracker), []);
  store.set(gpsTracksAtom, {});
  await dbm.kvDelete(db, dbm.KV_KEYS.gps);
}
