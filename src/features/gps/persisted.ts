import type { PersistedPart } from "../../lib/session/persisted";
import type * as Tracks from "./persistedTracks";

/** The GPS atoms and schemas load with the persistence work, not with the first screen (first screen budget, DESIGN.md §6). */
const load = () => import("./persistedTracks");

/**
 * GPS state as a persisted part (spec §7 "Gps ... state persisted every 5 s"; DESIGN §5): the
 * trackers' tracks, saved to IndexedDB `kv` `gps` every 5 s while they change and restored at
 * start, so the tracker screen shows the last known track offline (the last position itself is
 * restored with the live snapshot, shown stale until the live channel confirms it). Cleared on logout.
 */
export const gpsPersisted: PersistedPart = {
  name: "gps",
  async restore(context) {
    const { restoreTracks } = await load();
    return restoreTracks(context);
  },
  start(context) {
    let tracks: Promise<typeof Tracks> | null = null;
    const module = () => (tracks ??= load());
    let loaded: typeof Tracks | null = null;
    void module().then((m) => {
      loaded = m;
    });
    return {
      version: () => loaded?.tracksVersion(context.store) ?? null,
      save: async () => (await module()).saveTracks(context),
      clear: async () => (await module()).clearTracks(context),
    };
  },
};
