import type { DeviceKind } from "./acl";
import type { Db } from "../core/db";

/**
 * One device credential of the embedded broker: `topic` is the Tasmota topic
 * (kind `tasmota`) or the Zigbee2MQTT base topic (kind `zigbee2mqtt`); `passwordHash` is
 * `hashSecret`'s scrypt string (hub/auth/kdf.ts) and never leaves the hub.
 */
export interface MqttUserRow {
  username: string;
  passwordHash: string;
  kind: DeviceKind;
  topic: string;
  createdAt: string;
}

interface RawMqttUser {
  username: string;
  password_hash: string;
  kind: DeviceKind;
  topic: string;
  created_at: string;
}

const toRow = (row: RawMqttUser): MqttUserRow => ({
  username: row.username,
  passwordHash: row.password_hash,
  kind: row.kind,
  topic: row.topic,
  createdAt: row.created_at,
});

/**
 * Table `mqtt_users` (migration 2 in db.ts). The CLI writes it (`npm run hub -- mqtt ...`); the
 * running hub reads it on every device CONNECT and notices changes made by other processes through
 * {@link MqttUserStore.dataVersion} (device-access.ts disconnects removed or changed users).
 */
export class MqttUserStore {
  constructor(private readonly db: Db) {}

  /** The user named `username`, or undefined. */
  find(username: string): MqttUserRow | undefined {
    const row = this.db.prepare<[string], RawMqttUser>("SELECT * FROM mqtt_users WHERE username = ?").get(username);
    return row ? toRow(row) : undefined;
  }

  /** Every user, by username. */
  list(): MqttUserRow[] {
    return this.db.prepare<[], RawMqttUser>("SELECT * FROM mqtt_users ORDER BY username").all().map(toRow);
  }

  /** How many users there are. */
  count(): number {
    return this.db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM mqtt_users").get()?.n ?? 0;
  }

  /** Adds a user (`topic` already checked with `deviceTopicProblem`); throws if the username exists. */
  add(username: string, passwordHash: string, kind: DeviceKind, topic: string): void {
    if (this.find(username)) throw new Error(`MQTT user ${username} already exists`);
    this.db
      .prepare("INSERT INTO mqtt_users (username, password_hash, kind, topic, created_at) VALUES (?, ?, ?, ?, ?)")
      .run(username, passwordHash, kind, topic, new Date().toISOString());
  }

  /** Sets the password hash; false when the user does not exist. */
  setPassword(username: string, passwordHash: string): boolean {
    return (
      this.db.prepare("UPDATE mqtt_users SET password_hash = ? WHERE username = ?").run(passwordHash, username)
        .changes > 0
    );
  }

  /** Removes the user; false when absent. A running hub disconnects it within about a second. */
  remove(username: string): boolean {
    return this.db.prepare("DELETE FROM mqtt_users WHERE username = ?").run(username).changes > 0;
  }

  /**
   * SQLite's `PRAGMA data_version` of this connection: it changes whenever another connection
   * (the CLI, a test) commits to the database, so a poller knows when to look again.
   */
  dataVersion(): number {
    return Number(this.db.pragma("data_version", { simple: true }));
  }
}
