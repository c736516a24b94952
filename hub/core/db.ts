import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

export type Db = Database.Database;

/**
 * One schema migration (table `schema_migrations`): its `version` (recorded once applied) and its
 * `order`, its place in the hub's one applied order (1, 2, ...; a new migration takes the next one).
 * The order is not the version's: databases made so far applied 1, 2, 3, 6, 11, 7, 10, 8, 9, 4.
 */
export interface Migration {
  readonly version: number;
  readonly order: number;
  readonly sql: string;
}

/**
 * Opens (creating if needed) `<dataDir>/hub.sqlite` in WAL mode with foreign keys on, and applies
 * the pending ones of `migrations` in their order, one transaction each (the hub's domains' list:
 * hub/domains.ts openDb). Throws if the directory cannot be created or the file is not a SQLite
 * database.
 */
export function openDatabase(dataDir: string, migrations: readonly Migration[]): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, "hub.sqlite"));
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)");
  const applied = new Set(
    db
      .prepare<[], { version: number }>("SELECT version FROM schema_migrations")
      .all()
      .map((row) => row.version),
  );
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)").run(
        migration.version,
        new Date().toISOString(),
      );
    })();
  }
  return db;
}
