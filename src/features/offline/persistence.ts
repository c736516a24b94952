import type { JotaiStore } from "../../shared/store";
import {
  KV_KEYS,
  clearApiResponses,
  clearLiveSnapshot,
  kvDelete,
  kvGet,
  kvSet,
  loadLiveSnapshot,
  saveLiveSnapshot,
  getDashboardDb,
  onDashboardDbVersionChange,
  type DashboardDb,
} from "../../shared/db";
import { DB_VERSION_CHANGE_EVENT } from "../../shared/messages";
import { sessionAtom } from "../auth/atoms";
import { liveStatsAtom } from "../live/atoms";
import { readLiveSnapshot, restoreLiveSnapshot } from "../live/snapshot";
import { preferencesAtom } from "../preferences/atoms";
import { DEFAULT_PREFERENCES, PreferencesPatchSchema, mergePreferences } from "../preferences/schemas";
import { clearLocalCache, readLocalCache, restoreLocalPreferences, writeLocalCache } from "./localCache";
import { everyIntervalWhileChanged } from "./throttle";

/** Persist interval, ms (spec §7: "persisted every 5 s"). */
export const PERSIST_INTERVAL_MS = 5000;

/**
 * Restores what survives a reload (issue 3 "State that survives"), before the live connection starts:
 * preferences from localStorage (see {@link restoreLocalPreferences}), or from IndexedDB if
 * localStorage had none; the live snapshot from IndexedDB with each leaf's OLD receive time, so tiles
 * show outdated/stale until live data confirms them. Resolves with how many live leaves were restored;
 * never rejects (a broken database only means nothing is restored).
 */
export async function restoreOfflineState(store: JotaiStore, db: DashboardDb = getDashboardDb()): Promise<number> {
  const local = readLocalCache();
  if (local?.preferences) restoreLocalPreferences(store);
  try {
    if (!local?.preferences) {
      const stored = await kvGet(db, KV_KEYS.preferences, PreferencesPatchSchema);
      if (stored) store.set(preferencesAtom, (current) => mergePreferences(current, stored));
    }
    return restoreLiveSnapshot(store, await loadLiveSnapshot(db));
  } catch (error) {
    console.warn("offline state not restored", error);
    return 0;
  }
}

/**
 * Persists, throttled to every 5 s and only when changed: the live snapshot (only the leaves that
 * changed since the last save) and the preferences (IndexedDB `kv` + the localStorage cache). The last
 * known session is remembered at once (`{login, locked}`), and on logout every cached answer, the
 * snapshot and the local cache are deleted, so the next user never sees them. Flushes on `pagehide`
 * and when the page is hidden. A schema upgrade by another connection is announced as the window
 * event `DB_VERSION_CHANGE_EVENT` (the kiosk reloads at idle). Returns `stop` and `flush` (saves what changed now; awaited before an
 * update reload so no state is lost).
 *
 * A snapshot entry IndexedDB cannot take (issue 7 item 5: a value nested too deep) never stops the
 * others: saveLiveSnapshot skips it, it is logged once (console.warn) and counted in
 * `snapshotSkipped()`, and it is not tried again until its topic brings a new value.
 */
export function startPersistence(
  store: JotaiStore,
  db: DashboardDb = getDashboardDb(),
  intervalMs = PERSIST_INTERVAL_MS,
): { stop: () => void; flush: () => Promise<void>; snapshotSkipped: () => number } {
  const persisted = new Map<string, number>();
  let snapshotSkipped = 0;
  // The ingest's applied counter says when something changed; once a minute the leaves are compared
  // anyway (cheap: only changed leaves are written), in case a batch landed after its count.
  const snapshot = everyIntervalWhileChanged(
    () => `${store.get(liveStatsAtom).applied}:${Math.floor(Date.now() / 60_000)}`,
    async () => {
      const changed = readLiveSnapshot(store).filter((entry) => persisted.get(entry.topic) !== entry.receivedAt);
      const { skipped } = await saveLiveSnapshot(db, changed);
      // A skipped entry is not tried again until its topic brings a new value, so one bad entry is
      // logged once and never stops the others (issue 7 item 5).
      for (const entry of changed) persisted.set(entry.topic, entry.receivedAt);
      if (skipped.length > 0) {
        snapshotSkipped += skipped.length;
        console.warn(`live snapshot: ${skipped.length} entries not saved`, skipped.slice(0, 10));
      }
    },
    intervalMs,
  );
  const preferences = everyIntervalWhileChanged(
    () => store.get(preferencesAtom),
    async () => {
      const value = store.get(preferencesAtom);
      writeLocalCache({ preferences: value });
      await kvSet(db, KV_KEYS.preferences, value);
    },
    intervalMs,
  );

  const rememberSession = (): void => {
    const session = store.get(sessionAtom);
    if (session.status === "loggedIn") {
      writeLocalCache({ login: session.login, locked: false });
      void kvSet(db, KV_KEYS.session, { login: session.login, locked: false }).catch(warn);
    } else if (session.status === "locked") {
      writeLocalCache({ locked: true });
      void kvSet(db, KV_KEYS.session, { login: readLocalCache()?.login ?? null, locked: true }).catch(warn);
    } else if (session.status === "loggedOut") {
      persisted.clear();
      clearLocalCache();
      store.set(preferencesAtom, DEFAULT_PREFERENCES);
      void Promise.all([kvDelete(db, KV_KEYS.session), kvDelete(db, KV_KEYS.preferences), clearApiResponses(db), clearLiveSnapshot(db)]).catch(warn);
    }
  };
  rememberSession();
  const unsubscribe = store.sub(sessionAtom, rememberSession);

  const flushAll = (): void => {
    void snapshot.flush();
    void preferences.flush();
  };
  const handleVisibility = (): void => {
    if (document.visibilityState === "hidden") flushAll();
  };
  window.addEventListener("pagehide", flushAll);
  document.addEventListener("visibilitychange", handleVisibility);
  const stopVersionWatch = onDashboardDbVersionChange(db, () => window.dispatchEvent(new Event(DB_VERSION_CHANGE_EVENT)));

  return {
    snapshotSkipped: () => snapshotSkipped,
    flush: async () => {
      await Promise.all([snapshot.flush(), preferences.flush()]);
    },
    stop: () => {
      unsubscribe();
      snapshot.stop();
      preferences.stop();
      window.removeEventListener("pagehide", flushAll);
      document.removeEventListener("visibilitychange", handleVisibility);
      stopVersionWatch();
    },
  };
}

function warn(error: unknown): void {
  console.warn("offline persistence", error);
}
