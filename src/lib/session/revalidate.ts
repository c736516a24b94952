import { atom } from "jotai";
import type { SessionResource } from "./resource";

/**
 * The running loader of the session's resources, while the logged-in app is mounted: asks the
 * data-fetching library to fetch a resource again now (not deduplicated: after an outage the data
 * may have changed). Resolves once that fetch is over, written or not; never rejects.
 */
export type SessionRevalidator = { revalidate(resource: SessionResource): Promise<void> };

/**
 * The loader's handle in the app's store: set while the logged-in app loads the session resources,
 * null otherwise (logged out, locked, before the logged-in chunk has loaded). The offline recovery
 * reads it to refetch after an outage (DESIGN §4a: one registry, one loader).
 */
export const sessionRevalidatorAtom = atom<SessionRevalidator | null>(null);
