import type { PersistedPart } from "../lib/session/persisted";
import { FEATURES } from "./features";

/**
 * Everything the app's parts keep across reloads (DESIGN §4a, spec §7 "persisted every 5 s"), from
 * the one list (src/app/features.ts), handed to startOffline: restored at start, saved while
 * changed, cleared on logout. The offline part imports none of them.
 */
export const PERSISTED_PARTS: readonly PersistedPart[] = FEATURES.flatMap((part) => part.persisted ?? []);
