import { gpsPersisted } from "../features/gps/persisted";
import { liveSnapshotPersisted } from "../platform/live/persisted";
import { preferencesPersisted } from "../platform/preferences/persisted";
import type { PersistedPart } from "../lib/session/persisted";

/**
 * Everything the features keep across reloads (DESIGN §4a, spec §7 "persisted every 5 s"), in one
 * list handed to startOffline: restored at start, saved while changed, cleared on logout. A new
 * feature adds its part here; the offline feature imports none of them.
 */
export const PERSISTED_PARTS: readonly PersistedPart[] = [preferencesPersisted, liveSnapshotPersisted, gpsPersisted];
