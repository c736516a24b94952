import { randomBytes } from "node:crypto";
import * as v from "valibot";
import {
  AutomationBodySchema,
  AutomationRunSchema,
  MAX_KEPT_RUNS,
  type Automation,
  type AutomationBody,
  type AutomationRun,
} from "../../contract/automations";
import type { Db } from "../core/db";

interface AutomationRow {
  id: string;
  json: string;
  created_at: string;
  updated_at: string;
}

/** What a stored definition holds: the body's fields with `enabled` set. */
const StoredSchema = v.object({ ...AutomationBodySchema.entries, enabled: v.boolean() });

/** Parses stored JSON with `schema`; null when it no longer fits (a definition stored by an older hub). */
function readJson<TSchema extends v.GenericSchema>(schema: TSchema, json: string): v.InferOutput<TSchema> | null {
  try {
    const parsed = v.safeParse(schema, JSON.parse(json));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** A new automation id: 12 random bytes, base64url (16 characters). */
export function newAutomationId(): string {
  return randomBytes(12).toString("base64url");
}

/**
 * The automations and their runs in SQLite (tables `automations`, `automation_runs`, migration 7).
 * Values are validated on read: a row that no longer fits the contract is skipped (and reported
 * through `onBadRow`), never answered. Runs are kept per automation up to {@link MAX_KEPT_RUNS},
 * the oldest dropped first; deleting an automation deletes its runs.
 */
export class AutomationStore {
  constructor(
    private readonly db: Db,
    private readonly onBadRow: (id: string) => void = () => undefined,
  ) {}

  /** Every automation, oldest first, with its last run. */
  list(): Automation[] {
    const rows = this.db
      .prepare<[], AutomationRow>("SELECT id, json, created_at, updated_at FROM automations ORDER BY created_at, rowid")
      .all();
    return rows.flatMap((row) => {
      const automation = this.shown(row);
      return automation ? [automation] : [];
    });
  }

  /** How many automations are stored, unreadable rows included (they count against the household's cap). */
  count(): number {
    return this.db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM automations").get()?.n ?? 0;
  }

  /** Automation `id`, or null when there is none (or its row is unreadable). */
  get(id: string): Automation | null {
    const row = this.db
      .prepare<[string], AutomationRow>("SELECT id, json, created_at, updated_at FROM automations WHERE id = ?")
      .get(id);
    return row ? this.shown(row) : null;
  }

  /** Stores a new automation and answers it. */
  insert(body: AutomationBody, now = new Date()): Automation {
    const id = newAutomationId();
    const at = now.toISOString();
    this.db
      .prepare("INSERT INTO automations (id, json, created_at, updated_at) VALUES (?, ?, ?, ?)")
      .run(id, JSON.stringify(body), at, at);
    return { id, ...body, createdAt: at, updatedAt: at, lastRun: null };
  }

  /** Replaces automation `id`'s definition; false when there is none. */
  update(id: string, body: AutomationBody, now = new Date()): boolean {
    return (
      this.db
        .prepare("UPDATE automations SET json = ?, updated_at = ? WHERE id = ?")
        .run(JSON.stringify(body), now.toISOString(), id).changes > 0
    );
  }

  /** Deletes automation `id` and its runs; false when there was none. */
  delete(id: string): boolean {
    return this.db.prepare("DELETE FROM automations WHERE id = ?").run(id).changes > 0;
  }

  /** Records a run of automation `id` and drops its runs beyond {@link MAX_KEPT_RUNS}. No-op for an unknown id. */
  addRun(id: string, run: AutomationRun): void {
    this.db.transaction(() => {
      if (!this.db.prepare("SELECT 1 FROM automations WHERE id = ?").get(id)) return;
      this.db.prepare("INSERT INTO automation_runs (automation_id, json) VALUES (?, ?)").run(id, JSON.stringify(run));
      this.db
        .prepare(
          "DELETE FROM automation_runs WHERE automation_id = ? AND seq NOT IN (SELECT seq FROM automation_runs WHERE automation_id = ? ORDER BY seq DESC LIMIT ?)",
        )
        .run(id, id, MAX_KEPT_RUNS);
    })();
  }

  /** Automation `id`'s kept runs, newest first. */
  runs(id: string): AutomationRun[] {
    return this.db
      .prepare<[string], { json: string }>("SELECT json FROM automation_runs WHERE automation_id = ? ORDER BY seq DESC")
      .all(id)
      .flatMap((row) => {
        const run = readJson(AutomationRunSchema, row.json);
        return run ? [run] : [];
      });
  }

  private shown(row: AutomationRow): Automation | null {
    const stored = readJson(StoredSchema, row.json);
    if (!stored) {
      this.onBadRow(row.id);
      return null;
    }
    const last = this.db
      .prepare<[string], { json: string }>(
        "SELECT json FROM automation_runs WHERE automation_id = ? ORDER BY seq DESC LIMIT 1",
      )
      .get(row.id);
    return {
      id: row.id,
      ...stored,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      lastRun: last ? readJson(AutomationRunSchema, last.json) : null,
    };
  }
}
