import { Dexie, type EntityTable } from "dexie";
import type { ApiResponseRow, KvRow, LiveSnapshotRow } from "./schema";

/**
 * The ONE IndexedDB database of the dashboard, shared by the app and the service worker (it lives in
 * src/shared because sw/ may import only src/shared). Versioned schema:
 *
 * - v1: `apiResponses` (primary key `url`, index `fetchedAt`), `liveSnapshot` (`topic`, index
 *   `receivedAt`), `kv` (`key`).
 *
 * A new version adds a `this.version(n).stores(...)` line below; never edit an old one.
 */
export class DashboardDb extends Dexie {
  apiResponses!: EntityTable<ApiResponseRow, "url">;
  liveSnapshot!: EntityTable<LiveSnapshotRow, "topic">;
  kv!: EntityTable<KvRow, "key">;

  constructor(name: string, options?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange }) {
    super(name, options);
    this.version(1).stores({
      apiResponses: "url, fetchedAt",
      liveSnapshot: "topic, receivedAt",
      kv: "key",
    });
  }
}

/** Name of the production database. */
export const DASHBOARD_DB_NAME = "dashboard";

let shared: DashboardDb | undefined;

/**
 * The process-wide database handle (created lazily, opened on first use by Dexie's auto-open).
 * When another tab or a new service worker upgrades the schema, Dexie closes this connection
 * (`versionchange`) and it reopens on next use; {@link onDashboardDbVersionChange} lets the app
 * reload itself at idle instead of running old code against a new schema.
 */
export function getDashboardDb(): DashboardDb {
  shared ??= new DashboardDb(DASHBOARD_DB_NAME);
  return shared;
}

/**
 * Calls `listener` when another connection asks to upgrade or delete the database (IndexedDB
 * `versionchange`). Dexie has already closed our connection by then (to let the upgrade go through).
 * Returns an unsubscribe function.
 */
export function onDashboardDbVersionChange(db: DashboardDb, listener: () => void): () => void {
  const handler = (): void => listener();
  db.on("versionchange", handler);
  return () => db.on("versionchange").unsubscribe(handler);
}

/**
 * Runs `operation` against `db`; if the connection was closed under us (`DatabaseClosedError`, e.g.
 * after a `versionchange`, or the browser closed it) it reopens the database and retries ONCE, so a
 * write is not lost to a reconnect. Other errors are rethrown unchanged.
 */
export async function withDb<T>(db: DashboardDb, operation: (db: DashboardDb) => Promise<T>): Promise<T> {
  try {
    return await operation(db);
  } catch (error) {
    if (!isDexieError(error, "DatabaseClosedError")) throw error;
    if (!db.isOpen()) await db.open();
    return operation(db);
  }
}

/** True when `error` is a Dexie error (or a DOMException) named `name` (also checks `inner`). */
export function isDexieError(error: unknown, name: string): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === name) return true;
  return "inner" in error && error.inner instanceof Error && error.inner.name === name;
}
