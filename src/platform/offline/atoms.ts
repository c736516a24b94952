import { atom } from "jotai";

/**
 * Connectivity as the dashboard knows it (the connection indicator for the API).
 * - `browserOnlineAtom`: `navigator.onLine` (false means surely offline; true proves nothing).
 * - `serverReachableAtom`: the last API exchange reached the hub (`true`), failed on the network or
 *   was answered from the service worker's cache (`false`); `true` until something says otherwise.
 * - `cachedDataFetchedAtAtom`: epoch ms of the oldest cached answer shown since the hub became
 *   unreachable (what the offline notice shows as the data's age); null while online.
 * - `refusedWriteAtom`: the last write refused while offline (the notice explains it).
 */
export const browserOnlineAtom = atom<boolean>(typeof navigator === "undefined" ? true : navigator.onLine);
export const serverReachableAtom = atom<boolean>(true);
export const cachedDataFetchedAtAtom = atom<number | null>(null);

/** A write refused offline: when (epoch ms), the HTTP method and the URL path. */
export type RefusedWrite = { at: number; method: string; path: string };
export const refusedWriteAtom = atom<RefusedWrite | null>(null);

/** True while the dashboard is offline: the browser says so or the hub cannot be reached. */
export const offlineAtom = atom((get) => !get(browserOnlineAtom) || !get(serverReachableAtom));
