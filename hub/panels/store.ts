import * as v from "valibot";
import {
  PanelProfileSchema,
  PanelReportSchema,
  type PanelPatchBody,
  type PanelProfile,
  type PanelReport,
} from "../../contract/panels";
import type { Db, Migration } from "../core/db";

/** The panels' table: one row per panel (its profile and last report as JSON, validated on read). */
export const PANELS_MIGRATIONS: readonly Migration[] = [
  {
    // Panels (hub/panels/store.ts): a browser that logged in, its name, room and profile, the session
    // it registered from (its commands reach only that session's browser), its last report.
    version: 17,
    order: 16,
    sql: `
      CREATE TABLE panels (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        room TEXT,
        profile TEXT NOT NULL,
        session_id INTEGER,
        report TEXT,
        report_at TEXT,
        last_seen_at TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    // A panel's command channel on a household Mosquitto (hub/panels/service.ts): the MQTT client id
    // its browser connects with, made anew each time the panel is bound to another session.
    version: 20,
    order: 19,
    sql: "ALTER TABLE panels ADD COLUMN command_channel TEXT;",
  },
];

/** A stored panel (the store's view: {@link PanelsService} adds `online`). */
export interface PanelRow {
  id: string;
  name: string;
  room: string | undefined;
  profile: PanelProfile;
  sessionId: number | null;
  /**
   * The MQTT client id of the panel's browser on a household Mosquitto (`c-` and 32 hex digits), whose
   * commands go to `panel/<channel>/command`; null when none was made or its session was revoked.
   */
  commandChannel: string | null;
  report: (PanelReport & { at: string }) | null;
  lastSeenAt: string;
}

interface RawPanel {
  id: string;
  name: string;
  room: string | null;
  profile: string;
  session_id: number | null;
  command_channel: string | null;
  report: string | null;
  report_at: string | null;
  last_seen_at: string;
}

const DEFAULT_PROFILE: PanelProfile = v.parse(PanelProfileSchema, {});

/** JSON text read through `schema`; undefined when unparsable or not fitting (never throws). */
function readJson<TSchema extends v.GenericSchema>(
  schema: TSchema,
  text: string | null,
): v.InferOutput<TSchema> | undefined {
  if (text === null) return undefined;
  try {
    const result = v.safeParse(schema, JSON.parse(text));
    return result.success ? result.output : undefined;
  } catch {
    return undefined;
  }
}

const toRow = (raw: RawPanel): PanelRow => {
  const report = raw.report_at === null ? undefined : readJson(PanelReportSchema, raw.report);
  return {
    id: raw.id,
    name: raw.name,
    room: raw.room ?? undefined,
    profile: readJson(PanelProfileSchema, raw.profile) ?? DEFAULT_PROFILE,
    sessionId: raw.session_id,
    commandChannel: raw.command_channel,
    report: report && raw.report_at !== null ? { ...report, at: raw.report_at } : null,
    lastSeenAt: raw.last_seen_at,
  };
};

const COLUMNS = "id, name, room, profile, session_id, command_channel, report, report_at, last_seen_at";

/** The household's panels in SQLite (table `panels`); inputs are validated by the routes. */
export class PanelStore {
  constructor(private readonly db: Db) {}

  /** Every panel, by name. */
  list(): PanelRow[] {
    return this.db
      .prepare<[], RawPanel>(`SELECT ${COLUMNS} FROM panels ORDER BY name COLLATE NOCASE, id`)
      .all()
      .map(toRow);
  }

  /** Panel `id`, or undefined. */
  get(id: string): PanelRow | undefined {
    const raw = this.db.prepare<[string], RawPanel>(`SELECT ${COLUMNS} FROM panels WHERE id = ?`).get(id);
    return raw ? toRow(raw) : undefined;
  }

  /** How many panels there are. */
  count(): number {
    return this.db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM panels").get()?.n ?? 0;
  }

  /** Adds panel `id` named `name`, bound to `sessionId`, seen `now` (ISO 8601). */
  create(id: string, name: string, sessionId: number, now: string): void {
    this.db
      .prepare("INSERT INTO panels (id, name, profile, session_id, last_seen_at, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(id, name, JSON.stringify(DEFAULT_PROFILE), sessionId, now, now);
  }

  /** Binds panel `id` to `sessionId` (and no other panel to it), seen `now`. */
  bind(id: string, sessionId: number, now: string): void {
    this.db.transaction(() => {
      this.unbindSession(sessionId);
      this.db.prepare("UPDATE panels SET session_id = ?, last_seen_at = ? WHERE id = ?").run(sessionId, now, id);
    })();
  }

  /** Sets panel `id`'s command channel (null: none). */
  setCommandChannel(id: string, channel: string | null): void {
    this.db.prepare("UPDATE panels SET command_channel = ? WHERE id = ?").run(channel, id);
  }

  /** The panels bound to `sessionId` lose their command channel (the session was revoked); answers how many. */
  dropCommandChannelsOf(sessionId: number): number {
    return this.db
      .prepare("UPDATE panels SET command_channel = NULL WHERE session_id = ? AND command_channel IS NOT NULL")
      .run(sessionId).changes;
  }

  /** No panel is bound to `sessionId` any more. */
  unbindSession(sessionId: number): void {
    this.db.prepare("UPDATE panels SET session_id = NULL WHERE session_id = ?").run(sessionId);
  }

  /** Applies `patch` (room `null` clears it) to panel `id`; false when there is no such panel. */
  patch(id: string, patch: PanelPatchBody): boolean {
    const row = this.get(id);
    if (!row) return false;
    const name = patch.name ?? row.name;
    const room = patch.room === undefined ? (row.room ?? null) : patch.room;
    const profile = patch.profile ?? row.profile;
    this.db
      .prepare("UPDATE panels SET name = ?, room = ?, profile = ? WHERE id = ?")
      .run(name, room, JSON.stringify(profile), id);
    return true;
  }

  /** Stores panel `id`'s report at `now` (also its last seen time). */
  report(id: string, report: PanelReport, now: string): void {
    this.db
      .prepare("UPDATE panels SET report = ?, report_at = ?, last_seen_at = ? WHERE id = ?")
      .run(JSON.stringify(report), now, now, id);
  }

  /** Deletes panel `id`; false when there was none. */
  remove(id: string): boolean {
    return this.db.prepare("DELETE FROM panels WHERE id = ?").run(id).changes > 0;
  }
}
