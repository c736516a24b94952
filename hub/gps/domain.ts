import { defineDomain, type HouseholdSections } from "../core/domain";
import type { Migration } from "../core/db";
import { GPS_SECTIONS } from "../household/schema";
import { ownTracksCat } from "../simulator/cat-tracker";
import { DEMO_HOME } from "../simulator/devices";
import { gpsRoutes } from "./routes";
import { GpsService } from "./service";
import { GpsStore } from "./store";

const MIGRATIONS: readonly Migration[] = [
  {
    // GPS trackers (hub/gps/store.ts): the track of the last hours, bounded in time and
    // points per tracker; the notifications switch of POST /gps/notifications.
    version: 8,
    order: 8,
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
];

/** The GPS section of the demo household: the cat Mruczek's tracker (OwnTracks user `kot`, device `mruczek`). */
const DEMO_HOUSEHOLD = {
  gps: { home: DEMO_HOME, radiusM: 60, trackers: [{ id: "mruczek", label: "Mruczek", owntracks: "kot/mruczek" }] },
} satisfies HouseholdSections<typeof GPS_SECTIONS>;

/** The OwnTracks user and device of each demo tracker (`owntracks` is `<user>/<device>`). */
const DEMO_TRACKERS = DEMO_HOUSEHOLD.gps.trackers.map((tracker) => {
  const [user = "", device = ""] = tracker.owntracks.split("/");
  return { user, device };
});

/** The GPS cat tracker (docs/contract.md "GPS"): OwnTracks positions, the track, home and the notifications switch. */
export const gpsDomain = defineDomain({
  name: "gps",
  routes: { gps: ["general", "generalV1"] },
  household: GPS_SECTIONS,
  migrations: MIGRATIONS,
  topicRoots: ["gps"],
  demo: {
    household: DEMO_HOUSEHOLD,
    devices: (random) =>
      DEMO_TRACKERS.map(({ user, device }) => ownTracksCat({ user, device, home: DEMO_HOUSEHOLD.gps.home, random })),
    simulates: DEMO_TRACKERS.map(({ device }) => device),
  },
  start: ({ link, household, db, log, router }) => {
    const gps = new GpsService(link, household.gps, new GpsStore(db), log).start(router);
    return { service: gps, routes: { gps: gpsRoutes({ gps }) } };
  },
});
