import * as DbModule from "../../shared/db";
import { getDashboardDb, onDashboardDbVersionChange, type DashboardDb } from "../../shared/db";
import type { PersistContext, PersistedPart } from "../../lib/session/persisted";
import { DB_VERSION_CHANGE_EVENT } from "../../shared/messages";
import type { JotaiStore } from "../../shared/store";
import { sessionAtom } from "../auth/atoms";
import { clearLocalCache, readLocalCache, restoreLocalParts, writeLocalCache } from "./localCache";
import { everyIntervalWhileChanged } from "./throttle";

/** Persist interval, ms (spec §7: "persisted every 5 s"). */
export const PERSIST_INTERVAL_MS = 5000;

/**
 * Restores what survives a reload, before the live connection starts:
 * each part kept in the localStorage cache from there (see {@link restoreLocalParts}), then every
 * part from IndexedDB (the live snapshot with each leaf's OLD receive time, so tiles show
 * outdated/stale until live data confirms them). Resolves with how many live leaves were restored;
 * never rejects (a broken database only means nothing is restored).
 */
export async function restoreOfflineState(
  store: JotaiStore,
  db: DashboardDb = getDashboardDb(),
  parts: readonly PersistedPart[] = [],
): Promise<number> {
  const restoredLocally = restoreLocalParts(store, parts);
  const context: PersistContext = { store, db, dbm: DbModule };
  let restored = 0;
  for (const part of parts) {
    try {
      restored += await part.restore(context, restoredLocally.has(part.name));
    } catch (error) {
      console.warn(`offline state not restored: ${part.name}`, error);
    }
  }
  return restored;
}

/**
 * Persists every part, throttled to every 5 s and only when changed (IndexedDB, and the localStorage
 * cache for parts that keep one). The last known session is remembered at once (`{login, locked}`),
 * and on logout every part is cleared, with every cached answer and the local cache, so the next
 * user never sees them. Flushes on `pagehide` and when the page is hidden. A schema upgrade by another
 * connection is announced as the window event `DB_VERSION_CHANGE_EVENT` (the kiosk reloads at idle).
 * Returns `stop`, `flush` (saves what changed now; awaited before an update reload so no state is
 * lost) and `snapshotSkipped` (entries a part could not save, see liveSnapshotPersisted).
 */
export function startPersistence(
  store: JotaiStore,
  db: DashboardDb = getDashboardDb(),
  intervalMs = PERSIST_INTERVAL_MS,
  parts: readonly PersistedPart[] = [],
): { stop: () => void; flush: () => Promise<void>; snapshotSkipped: () => number } {
  const context: PersistContext = { store, db, dbm: DbModule };
  const savers = parts.map((part) => {
    const saver = part.start(context);
    const local = part.local;
    const throttle = everyIntervalWhileChanged(
      saver.version,
      async () => {
        if (local) writeLocalCache({ [part.name]: local.read(store) });
        await saver.save();
      },
      intervalMs,
    );
    return { saver, throttle };
  });

  const rememberSession = (): void => {
    const session = store.get(sessionAtom);
    if (session.status === "loggedIn") {
      writeLocalCache({ login: session.login, locked: false });
      void DbModule.kvSet(db, DbModule.KV_KEYS.session, { login: session.login, locked: false }).catch(warn);
    } else if (session.status === "locked") {
      writeLocalCache({ locked: true });
      void DbModule.kvSet(db, DbModule.KV_KEYS.session, { login: readLocalCache()?.login ?? null, locked: true }).catch(
        warn,
      );
    } else if (session.status === "loggedOut") {
      clearLocalCache();
      void Promise.all([
        DbModule.kvDelete(db, DbModule.KV_KEYS.session),
        DbModule.clearApiResponses(db),
        ...savers.map(({ saver }) => saver.clear()),
      ]).catch(warn);
    }
  };
  rememberSession();
  const unsubscribe = store.sub(sessionAtom, rememberSession);

  const flushAll = (): void => {
    for (const { throttle } of savers) void throttle.flush();
  };
  const handleVisibility = (): void => {
    if (document.visibilityState === "hidden") flushAll();
  };
  window.addEventListener("pagehide", flushAll);
  document.addEventListener("visibilitychange", handleVisibility);
  const stopVersionWatch = onDashboardDbVersionChange(db, () =>
    window.dispatchEvent(new Event(DB_VERSION_CHANGE_EVENT)),
  );

  return {
    snapshotSkipped: () => savers.reduce((sum, { saver }) => sum + (saver.skipped?.() ?? 0), 0),
    flush: async () => {
      await Promise.all(savers.map(({ throttle }) => throttle.flush()));
    },
    stop: () => {
      unsubscribe();
      for (const { throttle } of savers) throttle.stop();
      window.removeEventListener("pagehide", flushAll);
      document.removeEventListener("visibilitychange", handleVisibility);
      stopVersionWatch();
    },
  };
}

function warn(error: unknown): void {
  console.warn("offline persistence", error);
}
