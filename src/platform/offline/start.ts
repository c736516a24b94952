import type { JotaiStore } from "../../shared/store";
import type { ApiClients } from "../../lib/api/clients";
import type { PersistedPart } from "../../lib/session/persisted";
import type { SessionResource } from "../../lib/session/resource";
import type { DashboardDb } from "../../shared/db";
import { sessionAtom } from "../auth/atoms";
import { rememberedSessionLocal, revalidateAssumedSession } from "./boot";
import type * as PersistenceModule from "./persistence";
import { restoreLocalParts } from "./localCache";
import { startRecovery, type RecoveryReason } from "./recovery";

/** Options of {@link startOffline}. */
export interface StartOfflineOptions {
  /** The database (tests pass one on fake-indexeddb). Default: the app's `dashboard` database. */
  db?: DashboardDb;
  /** URL probed (HEAD) while offline. Default `<general base>/config`. */
  probeUrl?: string;
  /**
   * The session's HTTP resources (src/app/sessionResources.ts, the same list the session loads): those
   * marked `refetchAfterOutage` are revalidated after a recovery (refetch.ts). Default none.
   */
  resources?: readonly SessionResource[];
  /**
   * What the features persist (src/app/persistedParts.ts): restored at start (the localStorage part
   * synchronously), saved every 5 s while changed, cleared on logout. Default none.
   */
  persisted?: readonly PersistedPart[];
  /** Extra work after a recovery (besides the refetch of `resources`). */
  onRecover?: (reason: RecoveryReason) => void;
}

/** What {@link startOffline} returns. */
export interface OfflineHandle {
  /**
   * Resolves (never rejects) once the live snapshot is restored, with the number of live leaves
   * restored (0 at once when nobody is known on this device: there is nothing to restore).
   */
  restored: Promise<number>;
  /** Saves changed state now (snapshot, preferences); await it before a reload. Never rejects. */
  flush: () => Promise<void>;
  /** Stops persistence, probes and listeners. */
  stop: () => void;
}

/**
 * Starts the offline-first behaviour (DESIGN.md §5). Call ONCE at app start-up, before the
 * session is validated (validation may run while the snapshot is restored: a leaf that live data
 * already replaced is never overwritten by the older restored one):
 *
 * ```ts
 * const api = createApiClients(store, bases, { fetch: trackConnectivity(store) });
 * const offline = startOffline(store, api);
 * void bootSessionOffline(store, api.auth);   // instead of validateOnLoad
 * ```
 *
 * Parts kept in localStorage (preferences) come back synchronously; the others (the live snapshot)
 * from IndexedDB through a
 * lazily loaded chunk (Dexie is not part of the first screen's JavaScript). It requests persistent storage (`navigator.storage.persist()`), restores preferences and the live
 * snapshot, persists them every 5 s while changed, follows connectivity (probing the hub while
 * offline), and after an outage or a long sleep revalidates a session assumed offline and refetches
 * the session's resources (`options.resources`).
 */
export function startOffline(store: JotaiStore, api: ApiClients, options: StartOfflineOptions = {}): OfflineHandle {
  void requestPersistentStorage();
  const parts = options.persisted ?? [];
  restoreLocalParts(store, parts);
  // Dexie and the persistence code load only when there is something to restore or to keep: a known
  // user on this device now, or as soon as someone logs in (a first visit's login screen stays light).
  let persistenceModule: Promise<typeof PersistenceModule> | undefined;
  let stopped = false;
  let resolveRestored: (count: number) => void = () => undefined;
  const restored = new Promise<number>((resolve) => (resolveRestored = resolve));
  const loadPersistence = (): Promise<typeof PersistenceModule> => {
    persistenceModule ??= import("./persistence");
    void persistenceModule.then(
      (m) => m.restoreOfflineState(store, options.db, parts).then(resolveRestored),
      (error: unknown) => {
        console.warn("offline state not restored", error);
        resolveRestored(0);
      },
    );
    return persistenceModule;
  };
  let persistence: Promise<ReturnType<typeof PersistenceModule.startPersistence> | null> = Promise.resolve(null);
  const startPersisting = (): void => {
    persistence = loadPersistence().then((m) =>
      stopped ? null : m.startPersistence(store, options.db, undefined, parts),
    );
  };
  let unsubscribeSession = (): void => undefined;
  if (rememberedSessionLocal()) startPersisting();
  else {
    resolveRestored(0);
    unsubscribeSession = store.sub(sessionAtom, () => {
      if (store.get(sessionAtom).status !== "loggedIn") return;
      unsubscribeSession();
      startPersisting();
    });
  }
  const stopRecovery = startRecovery(store, {
    probeUrl: options.probeUrl ?? `${api.general.baseUrl.replace(/\/$/, "")}/config`,
    onRecover: (reason) => {
      void revalidateAssumedSession(store, api.auth)
        .then(() => import("./refetch"))
        .then(({ refetchSessionData }) => refetchSessionData(store, options.resources ?? []))
        .catch((error: unknown) => console.warn("refetch after recovery failed", error));
      options.onRecover?.(reason);
    },
  });
  return {
    restored,
    flush: () => persistence.then((p) => p?.flush()).catch(() => undefined),
    stop: () => {
      stopped = true;
      unsubscribeSession();
      void persistence.then((p) => p?.stop()).catch(() => undefined);
      stopRecovery();
    },
  };
}

/**
 * Asks the browser to keep our storage (`navigator.storage.persist()` is requested), so the
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
