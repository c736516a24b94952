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
    // Device credentials of the embedded broker: one row per Tasmota device or
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
    // A switch's label and purpose as edited with PATCH /config/switches/{id}, over the
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
    // Learned IR codes saved with POST /ir/code: one named button per device and name;
    // `code` is the IrCode JSON ({protocol, bits, data}), validated on read (ir/store.ts).
    version: 6,
    sql: `
      CREATE TABLE ir_codes (
        device TEXT NOT NULL,
        name TEXT NOT NULL,
        code TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (device, name)
      );
    `,
  },
  {
    // History of live values (hub/history/): one row per series and minute (recent) or
    // quarter hour (compacted), with sum, count, min and max so averages stay exact when compacted.
    version: 11,
    sql: `
      CREATE TABLE history (
        event TEXT NOT NULL,
        device TEXT NOT NULL,
        time INTEGER NOT NULL,
        span INTEGER NOT NULL,
        sum REAL NOT NULL,
        count INTEGER NOT NULL,
        min REAL NOT NULL,
        max REAL NOT NULL,
        PRIMARY KEY (event, device, time)
      ) WITHOUT ROWID;
      CREATE INDEX history_time ON history(time);
    `,
  },
  {
    // Automations (hub/automations/store.ts): the definition as JSON (name, enabled,
    // trigger, actions; validated on read) and each run's record, at most MAX_KEPT_RUNS per automation.
    version: 7,
    sql: `
      CREATE TABLE automations (
        id TEXT PRIMARY KEY,
        json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE automation_runs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        automation_id TEXT NOT NULL REFERENCES automations(id) ON DELETE CASCADE,
        json TEXT NOT NULL
      );
      CREATE INDEX automation_runs_by_automation ON automation_runs(automation_id, seq);
    `,
  },
  {
    // Cameras: edits of PATCH ../v5/cameras/{id} over the household file's camera
    // (cameras/store.ts), and recordings with their lock (PATCH /recordings/lock/{id}).
    version: 10,
    sql: `
      CREATE TABLE camera_edits (
        id TEXT PRIMARY KEY,
        json TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE recordings (
        id TEXT PRIMARY KEY,
        camera_id TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        duration_ms INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        locked INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX recordings_started ON recordings(started_at);
    `,
  },
  {
    // GPS trackers (hub/gps/store.ts): the track of the last hours, bounded in time and
    // points per tracker; the notifications switch of POST /gps/notifications.
    version: 8,
    sql: `
      CREATE TABLE gps_track (
        tracker TEXT NOT NULL,
        time_ms INTEGER NOT NULL,
        lat REAL NOT NULL,
        lon REAL NOT NULL,
        PRIMARY KEY (tracker, time_ms)
      );
      CREATE TABLE gps_notifications (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        state INTEGER NOT NULL,
        updated_at TEXT NOT NULL
      );
      -- Device users of kind 'owntracks' (the tracker's own MQTT login, hub/broker/acl.ts): SQLite
      -- cannot change a CHECK, so the table of migration 2 is rebuilt with the new kind.
      CREATE TABLE mqtt_users_v8 (
        username TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('tasmota', 'zigbee2mqtt', 'owntracks')),
        topic TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      INSERT INTO mqtt_users_v8 (username, password_hash, kind, topic, created_at) SELECT username, password_hash, kind, topic, created_at FROM mqtt_users;
      DROP TABLE mqtt_users;
      ALTER TABLE mqtt_users_v8 RENAME TO mqtt_users;
    `,
  },
  {
    // PV logs (hub/pv/store.ts): each uploaded CSV's summary and its readings.
    version: 9,
    sql: `
      CREATE TABLE pv_logs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        uploaded_at TEXT NOT NULL,
        rows INTEGER NOT NULL,
        from_time TEXT NOT NULL,
        to_time TEXT NOT NULL,
        energy_kwh REAL NOT NULL,
        peak_w REAL NOT NULL
      );
      CREATE TABLE pv_readings (
        log_id INTEGER NOT NULL REFERENCES pv_logs(id) ON DELETE CASCADE,
        time_ms INTEGER NOT NULL,
        power_w REAL NOT NULL,
        energy_kwh REAL NOT NULL
      );
      CREATE INDEX pv_readings_log ON pv_readings(log_id, time_ms);
    `,
  },
  {
    // The heater's config (hub/climate/heater-store.ts), one row
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

/** The schema versions this hub knows (a database holding another one was made by a newer hub). */
export const SCHEMA_VERSIONS: readonly number[] = MIGRATIONS.map((migration) => migration.version);

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
