import { sessionEndedTopic, type SessionEndedPayload } from "../../contract/auth";
import { defineDomain } from "../core/domain";
import type { Migration } from "../core/db";
import { AuthService } from "./auth-service";
import { seedDemoUser } from "./demo-seed";
import { dummySecretHash } from "./kdf";
import { authRoutes } from "./routes";
import { SessionStore } from "./session-store";
import { SessionWatch } from "./session-watch";
import { UserStore } from "./user-store";

/** The base migration: users and sessions, with the preferences and settings of the auth base. */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    order: 1,
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
];

/**
 * Users, sessions and logins (the auth base, docs/contract.md "Auth"): every hub needs it (the
 * session guard of every base). In demo mode the demo user demo / demo, PIN 1357 is created once.
 * A session's end is published on `session/<hash>/ended` (browsers on an external broker learn it
 * there), and sessions the CLI ends end here too within about a second (SessionWatch).
 */
export const authDomain = defineDomain({
  name: "auth",
  routes: { auth: ["auth"] },
  migrations: MIGRATIONS,
  topicRoots: ["session"],
  async start({ db, link, log, options, sessions }) {
    const users = new UserStore(db);
    if (options.demo && (await seedDemoUser(users)))
      log.info({ login: "demo" }, "created demo user demo / demo, PIN 1357");
    const sessionStore = new SessionStore(db);
    const auth = new AuthService(users, sessionStore, sessions);
    await dummySecretHash(); // computed now, so the first unknown login costs no more than later ones
    const unsubscribe = sessions.onEnded(({ hash, reason }) =>
      link.publish(
        sessionEndedTopic(hash),
        JSON.stringify({ reason, time: new Date().toISOString() } satisfies SessionEndedPayload),
        { retain: false, qos: 1 },
      ),
    );
    const watch = new SessionWatch(sessionStore, sessions, log);
    return {
      service: auth,
      routes: { auth: authRoutes({ auth }) },
      stop: () => {
        watch.close();
        unsubscribe();
      },
    };
  },
});
