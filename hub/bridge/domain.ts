import { defineDomain } from "../core/domain";
import type { Migration } from "../core/db";
import { brokerLimits } from "../broker/limits";
import { SENSORS_SECTIONS } from "../household/schema";
import { startBridge } from "./bridge";
import { bridgeDemo } from "./demo";
import { bridgeRoutes } from "./routes";

/** The embedded broker's device users (hub/broker/mqtt-users.ts); migration 8 (gps) and 16 (frigate) widen its kinds. */
const MIGRATIONS: readonly Migration[] = [
  {
    // Device credentials of the embedded broker: one row per Tasmota device or
    // Zigbee2MQTT gateway; `topic` is the Tasmota topic or the Zigbee2MQTT base topic (store/mqtt-users.ts).
    version: 2,
    order: 2,
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
    // Tasmota device users bound by their discovery (hub/broker/mqtt-users.ts bindTasmota): the MAC
    // of the first accepted tasmota/discovery/<MAC>/config, one user per MAC, gone with the user. A
    // Tasmota user made without a topic has topic '' in mqtt_users until that config names it.
    version: 13,
    order: 12,
    sql: `
      CREATE TABLE mqtt_user_macs (
        username TEXT PRIMARY KEY REFERENCES mqtt_users(username) ON DELETE CASCADE,
        mac TEXT NOT NULL UNIQUE,
        bound_at TEXT NOT NULL
      );
    `,
  },
  {
    // Device users of kind 'frigate' (a Frigate NVR's own MQTT login, hub/broker/acl.ts): SQLite cannot
    // change a CHECK, so the table is rebuilt with the new kind. Dropping it cascades to the Tasmota
    // MAC bindings (mqtt_user_macs), which are kept aside and put back.
    version: 16,
    order: 15,
    sql: `
      CREATE TEMP TABLE mqtt_user_macs_kept AS SELECT * FROM mqtt_user_macs;
      CREATE TABLE mqtt_users_v16 (
        username TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('tasmota', 'zigbee2mqtt', 'owntracks', 'frigate')),
        topic TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      INSERT INTO mqtt_users_v16 (username, password_hash, kind, topic, created_at) SELECT username, password_hash, kind, topic, created_at FROM mqtt_users;
      DROP TABLE mqtt_users;
      ALTER TABLE mqtt_users_v16 RENAME TO mqtt_users;
      INSERT INTO mqtt_user_macs (username, mac, bound_at) SELECT username, mac, bound_at FROM mqtt_user_macs_kept;
      DROP TABLE mqtt_user_macs_kept;
    `,
  },
];

/**
 * The device bridge (DESIGN.md §3): reads device MQTT through the router and republishes the
 * devices the hub acts for into the dashboard's namespace (sensor readings, availability, Tasmota
 * state); every hub needs it. Its household section: the sensors. Its service: the bridge's counters
 * (`stats`) and `adoptSensors` (the devices domain hands it the sensors of adopted devices).
 */
export const bridgeDomain = defineDomain({
  name: "bridge",
  routes: { bridge: ["general", "generalV1"] },
  household: SENSORS_SECTIONS,
  migrations: MIGRATIONS,
  topicRoots: ["sensor", "availability", "tasmota"],
  automation: { triggers: ["threshold", "door"] },
  demo: bridgeDemo,
  start: ({ link, household, log, known, router, options, brokerLimitStats }) => {
    const bridge = startBridge(link, household, log, { known, limits: brokerLimits(options.mqttLimits), router });
    return {
      service: bridge,
      routes: { bridge: bridgeRoutes({ bridgeStats: bridge.stats, brokerLimitStats }) },
    };
  },
});
