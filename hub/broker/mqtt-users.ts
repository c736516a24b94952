import type { DeviceKind } from "./acl";
import type { Db } from "../core/db";

/**
 * One device credential of the embedded broker: `topic` is the Tasmota topic (kind `tasmota`; ""
 * until a Tasmota user made without one gets it from its discovery), the Zigbee2MQTT base topic
 * (kind `zigbee2mqtt`) or OwnTracks `<user>/<device>`; `mac` the MAC a Tasmota user's first accepted
 * discovery bound to it (12 upper-case hex digits, unique; table `mqtt_user_macs`), else null; `passwordHash` is
 * `hashSecret`'s scrypt string (hub/auth/kdf.ts) and never leaves the hub.
 */
export interface MqttUserRow {
  username: string;
  passwordHash: string;
  kind: DeviceKind;
  topic: string;
  mac: string | null;
  createdAt: string;
}

interface RawMqttUser {
  username: string;
  password_hash: string;
  kind: DeviceKind;
  topic: string;
  mac: string | null;
  created_at: string;
}

/** Every user with the MAC its discovery bound (table `mqtt_user_macs`), NULL when none. */
const USERS = "SELECT u.*, m.mac AS mac FROM mqtt_users u LEFT JOIN mqtt_user_macs m ON m.username = u.username";

const toRow = (row: RawMqttUser): MqttUserRow => ({
  username: row.username,
  passwordHash: row.password_hash,
  kind: row.kind,
  topic: row.topic,
  mac: row.mac ?? null,
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
    const row = this.db.prepare<[string], RawMqttUser>(`${USERS} WHERE u.username = ?`).get(username);
    return row ? toRow(row) : undefined;
  }

  /** Every user, by username. */
  list(): MqttUserRow[] {
    return this.db.prepare<[], RawMqttUser>(`${USERS} ORDER BY u.username`).all().map(toRow);
  }

  /** How many users there are. */
  count(): number {
    return this.db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM mqtt_users").get()?.n ?? 0;
  }

  /** The user whose bound Tasmota MAC is `mac` (upper case), or undefined. */
  findByMac(mac: string): MqttUserRow | undefined {
    const row = this.db.prepare<[string], RawMqttUser>(`${USERS} WHERE m.mac = ?`).get(mac);
    return row ? toRow(row) : undefined;
  }

  /** The Tasmota user with topic `topic`, or undefined ("" is no topic: never found). */
  findTasmotaByTopic(topic: string): MqttUserRow | undefined {
    if (topic === "") return undefined;
    const row = this.db
      .prepare<[string], RawMqttUser>(`${USERS} WHERE u.kind = 'tasmota' AND u.topic = ? LIMIT 1`)
      .get(topic);
    return row ? toRow(row) : undefined;
  }

  /**
   * Binds MAC `mac` and topic `topic` to Tasmota user `username` (its first accepted discovery): only
   * while the user has no MAC yet and no topic or that topic, and no other user has that MAC or
   * (Tasmota) topic. True when bound (or already bound to exactly these).
   */
  bindTasmota(username: string, mac: string, topic: string): boolean {
    return this.db.transaction(() => {
      const user = this.find(username);
      if (!user || user.kind !== "tasmota") return false;
      if (user.mac === mac && user.topic === topic) return true;
      if (user.mac !== null || (user.topic !== "" && user.topic !== topic)) return false;
      const byMac = this.findByMac(mac);
      const byTopic = this.findTasmotaByTopic(topic);
      if ((byMac && byMac.username !== username) || (byTopic && byTopic.username !== username)) return false;
      this.db.prepare("UPDATE mqtt_users SET topic = ? WHERE username = ?").run(topic, username);
      this.db
        .prepare("INSERT INTO mqtt_user_macs (username, mac, bound_at) VALUES (?, ?, ?)")
        .run(username, mac, new Date().toISOString());
      return true;
    })();
  }

  /** Adds a user (`topic` already checked with `deviceTopicProblem`, or "" for a Tasmota user whose discovery will name it); throws if the username exists. */
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
