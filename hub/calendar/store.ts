import { randomUUID } from "node:crypto";
import * as v from "valibot";
import { CALENDAR_ERROR_CODES, type CalendarError } from "../../contract/calendar";
import type { Db } from "../core/db";
import type { Validators } from "./fetcher";

/** The calendar domain's migration: the household's calendars with their last good ICS file. */
export const CALENDAR_MIGRATION = {
  version: 14,
  order: 13,
  sql: `
    CREATE TABLE calendars (
      id TEXT PRIMARY KEY,
      position INTEGER NOT NULL,
      label TEXT NOT NULL,
      colour TEXT NOT NULL,
      url TEXT NOT NULL,
      enabled INTEGER NOT NULL,
      etag TEXT,
      last_modified TEXT,
      body BLOB,
      fetched_at TEXT,
      error_code TEXT,
      error_status INTEGER,
      error_at TEXT
    );
  `,
};

/** One stored calendar (its address in full: never answered to a browser as is). */
export type StoredCalendar = {
  id: string;
  label: string;
  colour: string;
  url: string;
  enabled: boolean;
  validators: Validators;
  /** When the last good file (`body`) was fetched, ISO-8601; null before the first. */
  fetchedAt: string | null;
  error: CalendarError | null;
};

type Row = {
  id: string;
  label: string;
  colour: string;
  url: string;
  enabled: number;
  etag: string | null;
  last_modified: string | null;
  fetched_at: string | null;
  error_code: string | null;
  error_status: number | null;
  error_at: string | null;
};

const ErrorCodeSchema = v.picklist(CALENDAR_ERROR_CODES);

function calendarOf(row: Row): StoredCalendar {
  const code = v.safeParse(ErrorCodeSchema, row.error_code);
  return {
    id: row.id,
    label: row.label,
    colour: row.colour,
    url: row.url,
    enabled: row.enabled === 1,
    validators: { etag: row.etag, lastModified: row.last_modified },
    fetchedAt: row.fetched_at,
    error:
      code.success && row.error_at
        ? { code: code.output, at: row.error_at, ...(row.error_status === null ? {} : { status: row.error_status }) }
        : null,
  };
}

const COLUMNS = "id, label, colour, url, enabled, etag, last_modified, fetched_at, error_code, error_status, error_at";

/** The household's calendars (table `calendars`), in the order they were added. */
export class CalendarStore {
  constructor(private readonly db: Db) {}

  all(): StoredCalendar[] {
    return this.db.prepare<[], Row>(`SELECT ${COLUMNS} FROM calendars ORDER BY position, id`).all().map(calendarOf);
  }

  get(id: string): StoredCalendar | undefined {
    const row = this.db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM calendars WHERE id = ?`).get(id);
    return row ? calendarOf(row) : undefined;
  }

  count(): number {
    return this.db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM calendars").get()?.n ?? 0;
  }

  /** Adds a calendar (a new id) and answers it. */
  add(calendar: { label: string; colour: string; url: string; enabled: boolean }): StoredCalendar {
    const id = randomUUID().slice(0, 8);
    const position = this.db.prepare<[], { p: number | null }>("SELECT MAX(position) AS p FROM calendars").get()?.p;
    this.db
      .prepare("INSERT INTO calendars (id, position, label, colour, url, enabled) VALUES (?, ?, ?, ?, ?, ?)")
      .run(id, (position ?? 0) + 1, calendar.label, calendar.colour, calendar.url, calendar.enabled ? 1 : 0);
    return this.get(id)!;
  }

  /** Changes the given fields; a new address forgets the old one's file, validators and error. */
  edit(id: string, patch: { label?: string; colour?: string; url?: string; enabled?: boolean }): void {
    const current = this.get(id);
    if (!current) return;
    this.db
      .prepare("UPDATE calendars SET label = ?, colour = ?, enabled = ? WHERE id = ?")
      .run(
        patch.label ?? current.label,
        patch.colour ?? current.colour,
        (patch.enabled ?? current.enabled) ? 1 : 0,
        id,
      );
    if (patch.url !== undefined && patch.url !== current.url)
      this.db
        .prepare(
          `UPDATE calendars SET url = ?, etag = NULL, last_modified = NULL, body = NULL, fetched_at = NULL,
             error_code = NULL, error_status = NULL, error_at = NULL WHERE id = ?`,
        )
        .run(patch.url, id);
  }

  remove(id: string): boolean {
    return this.db.prepare("DELETE FROM calendars WHERE id = ?").run(id).changes > 0;
  }

  /** The last good file of calendar `id`, or null. */
  body(id: string): Uint8Array | null {
    return (
      this.db.prepare<[string], { body: Buffer | null }>("SELECT body FROM calendars WHERE id = ?").get(id)?.body ??
      null
    );
  }

  /**
   * A good fetch: its file (null: unchanged, a 304), validators and time; the error cleared. One
   * UPDATE: SQLite rewrites a row whole, so each statement would write the file (up to 5 MB) again.
   */
  fetched(id: string, at: string, body: Uint8Array | null, validators: Validators | null): void {
    const sets = ["fetched_at = ?", "error_code = NULL", "error_status = NULL", "error_at = NULL"];
    const values: unknown[] = [at];
    if (body) {
      sets.push("body = ?");
      values.push(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    }
    if (validators) {
      sets.push("etag = ?", "last_modified = ?");
      values.push(validators.etag, validators.lastModified);
    }
    this.db.prepare(`UPDATE calendars SET ${sets.join(", ")} WHERE id = ?`).run(...values, id);
  }

  /** A failed fetch: its error (the last good file and its time kept). */
  failed(id: string, error: CalendarError): void {
    this.db
      .prepare("UPDATE calendars SET error_code = ?, error_status = ?, error_at = ? WHERE id = ?")
      .run(error.code, error.status ?? null, error.at, id);
  }
}
