import * as v from "valibot";
import {
  MAX_PANELS,
  PanelIdSchema,
  PushCategorySchema,
  PushSubscriptionSchema,
  type PushCategory,
} from "../../contract/panels";
import { LocaleSchema, type Locale } from "../../contract/preferences";
import type { Db } from "../core/db";
import type { Migration } from "../core/db";

/** The push subscriptions, one per panel (table `push_subscriptions`). */
export const PUSH_MIGRATION: Migration = {
  version: 18,
  order: 17,
  sql: `
    CREATE TABLE push_subscriptions (
      panel_id TEXT PRIMARY KEY,
      endpoint TEXT NOT NULL,
      p256dh TEXT NOT NULL,
      auth TEXT NOT NULL,
      categories TEXT NOT NULL,
      locale TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
  `,
};

/** A panel's push subscription: where to POST, the keys to encrypt for, what it wants and in which language. */
export interface StoredPush {
  panelId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  categories: PushCategory[];
  locale: Locale;
  updatedAt: string;
}

interface Row {
  panel_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  categories: string;
  locale: string;
  updated_at: string;
}

const RowSchema = v.object({
  panelId: PanelIdSchema,
  endpoint: PushSubscriptionSchema.entries.endpoint,
  keys: PushSubscriptionSchema.entries.keys,
  categories: v.array(PushCategorySchema),
  locale: LocaleSchema,
  updatedAt: v.string(),
});

/** A stored row as a {@link StoredPush}, validated on read; undefined for a row that does not read. */
function readRow(row: Row): StoredPush | undefined {
  let categories: unknown;
  try {
    categories = JSON.parse(row.categories);
  } catch {
    return undefined;
  }
  const parsed = v.safeParse(RowSchema, {
    panelId: row.panel_id,
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
    categories,
    locale: row.locale,
    updatedAt: row.updated_at,
  });
  return parsed.success ? parsed.output : undefined;
}

/**
 * The panels' push subscriptions in SQLite, keyed by panel id (one subscription per panel: a new
 * one replaces it). At most {@link MAX_PANELS}: past it the subscription changed longest ago is dropped
 * (as the panels registry forgets the panel seen longest ago); rows that do not validate are skipped on read.
 */
export class PushStore {
  constructor(private readonly db: Db) {}

  /** Stores (or replaces) panel `value.panelId`'s subscription; at MAX_PANELS a new one drops the oldest. */
  put(value: Omit<StoredPush, "updatedAt">): void {
    const exists = this.db.prepare("SELECT 1 FROM push_subscriptions WHERE panel_id = ?").get(value.panelId);
    const count = this.db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM push_subscriptions").get()?.n ?? 0;
    if (!exists && count >= MAX_PANELS)
      this.db
        .prepare(
          "DELETE FROM push_subscriptions WHERE panel_id = (SELECT panel_id FROM push_subscriptions ORDER BY updated_at, panel_id LIMIT 1)",
        )
        .run();
    this.db
      .prepare(
        `INSERT INTO push_subscriptions (panel_id, endpoint, p256dh, auth, categories, locale, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(panel_id) DO UPDATE SET endpoint = excluded.endpoint, p256dh = excluded.p256dh,
           auth = excluded.auth, categories = excluded.categories, locale = excluded.locale,
           updated_at = excluded.updated_at`,
      )
      .run(
        value.panelId,
        value.endpoint,
        value.keys.p256dh,
        value.keys.auth,
        JSON.stringify([...new Set(value.categories)]),
        value.locale,
        new Date().toISOString(),
      );
  }

  /** Panel `panelId`'s subscription, or undefined. */
  get(panelId: string): StoredPush | undefined {
    const row = this.db.prepare<[string], Row>("SELECT * FROM push_subscriptions WHERE panel_id = ?").get(panelId);
    return row ? readRow(row) : undefined;
  }

  /** Every subscription that wants `category`. */
  wanting(category: PushCategory): StoredPush[] {
    return this.db
      .prepare<[], Row>("SELECT * FROM push_subscriptions ORDER BY panel_id")
      .all()
      .map(readRow)
      .filter((entry): entry is StoredPush => entry !== undefined && entry.categories.includes(category));
  }

  /** Removes panel `panelId`'s subscription; with `endpoint`, only while it is still that one (a newer one stays). Answers whether one went. */
  remove(panelId: string, endpoint?: string): boolean {
    const result =
      endpoint === undefined
        ? this.db.prepare("DELETE FROM push_subscriptions WHERE panel_id = ?").run(panelId)
        : this.db.prepare("DELETE FROM push_subscriptions WHERE panel_id = ? AND endpoint = ?").run(panelId, endpoint);
    return result.changes > 0;
  }
}
