import Database from "better-sqlite3";
import { randomBytes, scryptSync } from "node:crypto";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigAnswerSchema } from "../../contract/config";
import { runCli } from "../cli";
import { PreferencesAnswerSchema } from "../../contract/preferences";
import { call, jsonOf, login, startTestHub, tempDir, type TestHub } from "../testing/harness";
import { SCHEMA_VERSIONS } from "../domains";

/**
 * The schema as the first release created it (commit 0ac5401, hub/store/db.ts: migration 1), and
 * migration 2 as the release after added it (commit e33793e: device users of two kinds), verbatim.
 */
const FIRST_RELEASE = [
  {
    version: 1,
    sql: `
      CREATE TABLE users (login TEXT PRIMARY KEY, password_hash TEXT NOT NULL, pin_hash TEXT, created_at TEXT NOT NULL);
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
      CREATE TABLE preferences (login TEXT PRIMARY KEY REFERENCES users(login) ON DELETE CASCADE, json TEXT NOT NULL);
      CREATE TABLE settings (key TEXT PRIMARY KEY, json TEXT NOT NULL, updated_at TEXT NOT NULL);
    `,
  },
  {
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
];

/** A password hash as the first release wrote it: `scrypt$N$r$p$<salt>$<key>` (base64url). */
function firstReleaseHash(secret: string): string {
  const salt = randomBytes(16);
  return [
    "scrypt",
    1024,
    8,
    1,
    salt.toString("base64url"),
    scryptSync(secret, salt, 32, { N: 1024, r: 8, p: 1 }).toString("base64url"),
  ].join("$");
}

/** A data folder whose database the first releases made (`versions` of {@link FIRST_RELEASE}), with a household's data in it. */
function oldDataDir(versions: number): string {
  const dir = tempDir("hub-upgrade-");
  const db = new Database(join(dir, "hub.sqlite"));
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)");
  for (const migration of FIRST_RELEASE.slice(0, versions)) {
    db.exec(migration.sql);
    db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)").run(
      migration.version,
      "2026-11-20T10:00:00.000Z",
    );
  }
  db.prepare("INSERT INTO users VALUES (?, ?, ?, ?)").run(
    "ania",
    firstReleaseHash("hasło ani"),
    firstReleaseHash("2468"),
    "2026-11-20T10:01:00.000Z",
  );
  db.prepare("INSERT INTO users VALUES (?, ?, NULL, ?)").run(
    "marek",
    firstReleaseHash("hasło marka"),
    "2026-11-20T10:02:00.000Z",
  );
  db.prepare("INSERT INTO preferences VALUES (?, ?)").run(
    "ania",
    JSON.stringify({ appUi: "car", zoomState: "locked", locale: "pl" }),
  );
  db.prepare("INSERT INTO settings VALUES (?, ?, ?)").run(
    "switchesList",
    JSON.stringify([{ name: "Wszystko", items: ["pompa", "listwa/2"] }]),
    "2026-11-20T10:03:00.000Z",
  );
  db.prepare(
    "INSERT INTO sessions (hash, token_sha256, login, session_name, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run("h1", "t1", "ania", "Tablet w kuchni", "2026-11-20T10:04:00.000Z", "2026-11-20T10:04:00.000Z");
  if (versions >= 2)
    db.prepare("INSERT INTO mqtt_users VALUES (?, ?, ?, ?, ?)").run(
      "gniazdko",
      firstReleaseHash("tajne"),
      "tasmota",
      "gniazdko_salon",
      "2026-11-21T09:00:00.000Z",
    );
  db.close();
  return dir;
}

describe("upgrades: a database of the first releases opens in this hub with nothing lost", () => {
  let hub: TestHub | null = null;
  afterEach(async () => {
    await hub?.cleanup();
    hub = null;
  });

  for (const versions of [1, 2]) {
    it(`schema of migration${versions === 1 ? " 1 (first release)" : "s 1-2"} -> every current migration; users, PIN, preferences, settings, sessions${versions === 2 ? ", device users" : ""} kept`, async () => {
      const dataDir = oldDataDir(versions);
      const before = new Database(join(dataDir, "hub.sqlite"), { readonly: true });
      const rowsBefore = {
        users: before.prepare("SELECT * FROM users ORDER BY login").all(),
        sessions: before.prepare("SELECT * FROM sessions").all(),
        mqtt: versions >= 2 ? before.prepare("SELECT * FROM mqtt_users").all() : [],
      };
      before.close();

      hub = await startTestHub({ dataDir, demo: false });
      const after = new Database(join(dataDir, "hub.sqlite"), { readonly: true });
      const versionsNow = after
        .prepare<[], { version: number }>("SELECT version FROM schema_migrations ORDER BY version")
        .all()
        .map((row) => row.version);
      expect(versionsNow).toEqual([...SCHEMA_VERSIONS].sort((a, b) => a - b));
      expect(after.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(after.pragma("foreign_key_check")).toEqual([]);
      expect(after.prepare("SELECT * FROM users ORDER BY login").all()).toEqual(rowsBefore.users);
      expect(after.prepare("SELECT * FROM sessions").all()).toEqual(rowsBefore.sessions);
      expect(after.prepare("SELECT * FROM mqtt_users").all()).toEqual(rowsBefore.mqtt);
      after.close();

      // What the household notices: the old password logs in, preferences and settings are there.
      const cookie = await login(hub, "ania", "hasło ani");
      const preferences = await jsonOf(
        await call(hub, "GET", "/api/auth/v1/preferences", { cookie }),
        PreferencesAnswerSchema,
      );
      expect(preferences.item).toMatchObject({ appUi: "car", zoomState: "locked", locale: "pl" });
      const config = await jsonOf(await call(hub, "GET", "/api/v2/config", { cookie }), ConfigAnswerSchema);
      expect(config.item.switchesList).toEqual([{ name: "Wszystko", items: ["pompa", "listwa/2"] }]);
      if (versions >= 2) {
        const out: string[] = [];
        await runCli(["mqtt", "list"], {
          env: { HUB_DATA_DIR: dataDir },
          out: (line) => out.push(line),
          err: () => undefined,
          readStdin: () => Promise.resolve(""),
        });
        expect(out).toEqual(["gniazdko\ttasmota\tgniazdko_salon\tcreated 2026-11-21T09:00:00.000Z"]);
      }
    }, 60_000);
  }
});
