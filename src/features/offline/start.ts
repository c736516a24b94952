import type { createStore } from "jotai";
import type { ApiClient } from "../../lib/api/client";
import type { DashboardDb } from "../../shared/db";
import { dataRefreshEpochAtom } from "./atoms";
import { revalidateAssumedSession } from "./boot";
import { restoreLocalPreferences } from "./localCache";
import { startRecovery, type RecoveryReason } from "./recovery";
import { refetchSessionData } from "./refetch";

type JotaiStore = ReturnType<typeof createStore>;

/** Options of {@link startOffline}. */
export interface StartOfflineOptions {
  /** The database (tests pass one on fake-indexeddb). Default: the app's `dashboard` database. */
  db?: DashboardDb;
  /** URL probed (HEAD) while offline. Default `<general base>/config`. */
  probeUrl?: string;
  /** Extra work after a recovery (besides the built-in refetch of config, switches, preferences). */
  onRecover?: (reason: RecoveryReason) => void;
}

/** What {@link startOffline} returns. */
export interface OfflineHandle {
  /** Resolves (never rejects) once preferences and the live snapshot are restored, with the number of live leaves restored. */
  restored: Promise<number>;
  /** Saves changed state now (snapshot, preferences); await it before a reload. Never rejects. */
  flush: () => Promise<void>;
  /** Stops persistence, probes and listeners. */
  stop: () => void;
}

/**
 * Starts the offline-first behaviour of issue 3 (DESIGN.md §5). Call ONCE at app start-up, before the
 * session is validated (validation may run while the snapshot is restored: a leaf that live data
 * already replaced is never overwritten by the older restored one):
 *
 * ```ts
 * const api = createApiClients(store, bases, { fetch: trackConnectivity(store) });
 * const offline = startOffline(store, api);
 * void bootSessionOffline(store, api.auth);   // instead of validateOnLoad
 * ```
 *
 * Preferences come back synchronously from localStorage; the live snapshot from IndexedDB through a
 * lazily loaded chunk (Dexie is not part of the first screen's JavaScript). It requests persistent storage (`navigator.storage.persist()`), restores preferences and the live
 * snapshot, persists them every 5 s while changed, follows connectivity (probing the hub while
 * offline), and after an outage or a long sleep bumps `dataRefreshEpochAtom`, revalidates a session
 * assumed offline and refetches config, switches and preferences.
 */
export function startOffline(store: JotaiStore, api: { auth: ApiClient; general: ApiClient }, options: StartOfflineOptions = {}): OfflineHandle {
  void requestPersistentStorage();
  restoreLocalPreferences(store);
  const persistenceModule = import("./persistence");
  let stopped = false;
  const persistence = persistenceModule.then((m) => (stopped ? null : m.startPersistence(store, options.db)));
  const restored = persistenceModule.then(
    (m) => m.restoreOfflineState(store, options.db),
    (error: unknown) => {
      console.warn("offline state not restored", error);
      return 0;
    },
  );
  const stopRecovery = startRecovery(store, {
    probeUrl: options.probeUrl ?? `${api.general.baseUrl.replace(/\/$/, "")}/config`,
    onRecover: (reason) => {
      store.set(dataRefreshEpochAtom, (n) => n + 1);
      void revalidateAssumedSession(store, api.auth).then(() => refetchSessionData(store, api));
      options.onRecover?.(reason);
    },
  });
  return {
    restored,
    flush: () => persistence.then((p) => p?.flush()).catch(() => undefined),
    stop: () => {
      stopped = true;
      void persistence.then((p) => p?.stop()).catch(() => undefined);
      stopRecovery();
    },
  };
}

/**
 * Asks the browser to keep our storage (issue 3: `navigator.storage.persist()` is requested), so the
 * cache and snapshot are not evicted under storage pressure. Resolves with the browser's answer, or
 * false where the API does not exist. Never rejects.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (typeof navigator === "undefined" || !navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
