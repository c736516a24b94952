import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

export type Db = Database.Database;

/** Versioned schema migrations, applied in order, each once (table `schema_migrations`). */
const MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE users (
        login TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        pin_hash TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE sessions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        hash TEXT NOT NULL UNIQUE,
        token_sha256 TEXT NOT NULL UNIQUE,
        login TEXT NOT NULL REFERENCES users(login) ON DELETE CASCADE,
        session_name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        locked INTEGER NOT NULL DEFAULT 0,
        pin_failures INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        revoked INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX sessions_login ON sessions(login);
      CREATE TABLE preferences (
        login TEXT PRIMARY KEY REFERENCES users(login) ON DELETE CASCADE,
        json TEXT NOT NULL
      );
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        json TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    // Device credentials of the embedded broker (issue 7, item 2): one row per Tasmota device or
    // Zigbee2MQTT gateway; `topic` is the Tasmota topic or the Zigbee2MQTT base topic (store/mqtt-users.ts).
    version: 2,
    sql: `
      CREATE TABLE mqtt_users (
        username TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('tasmota', 'zigbee2mqtt')),
        topic TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    // A switch's label and purpose as edited with PATCH /config/switches/{id} (issue 10), over the
    // household file's definition (switches/edits.ts); `purpose` NULL = none set.
    version: 3,
    sql: `
      CREATE TABLE switch_edits (
        name TEXT PRIMARY KEY,
        label TEXT NOT NULL,
        purpose TEXT,
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    // issue 10: the heater's config (hub/climate/heater-store.ts), one row
    version: 4,
    sql: `
      CREATE TABLE heater_config (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        mode TEXT NOT NULL,
        temperature REAL NOT NULL,
        sensor TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `,
  },
];

/**
 * Opens (creating if needed) `<dataDir>/hub.sqlite` in WAL mode with foreign keys on, and applies
 * pending migrations in one transaction each. Throws if the directory cannot be created or the
 * file is not a SQLite database.
 */
export function openDb(dataDir: string): Db {
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
  for (const migration of MIGRATIONS) {
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
